import { Select, Text } from '@mantine/core';
import {
  CancelClassBodySchema,
  MANUAL_CANCEL_REASONS,
  type CancelClassBody,
  type ClassRow,
  type ManualCancelReason,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { afterLessonChange, timetableApi } from '../api';
import { schemaResolver } from '../utils/schema-resolver';
import { ActionForm } from './action-form';
import { ClassSummary } from './class-summary';

interface Values {
  reason: ManualCancelReason | null;
}

/**
 * Cancels a whole class with a reason: every child's lesson in it, their credits released, each
 * family told once (the server's one cancellation rule).
 */
export function CancelClassDialog({ row, onClose }: { row: ClassRow | null; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  return (
    <Dialog opened={row !== null} onClose={onClose} title={t('cancel.title')}>
      {row && <CancelForm key={row.lessonSn} row={row} onClose={onClose} />}
    </Dialog>
  );
}

function CancelForm({ row, onClose }: { row: ClassRow; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  const client = useQueryClient();
  const form = useForm<Values>({
    resolver: schemaResolver(CancelClassBodySchema),
    defaultValues: { reason: null },
  });
  const feedback = useFormFeedback(form, {
    order: ['reason'],
    fieldMessages: { timetableCancelReasonInvalid: 'reason', scheduleReasonInvalid: 'reason' },
  });
  const cancel = useMutation({
    mutationFn: (body: CancelClassBody) => timetableApi.cancelClass(row.lessonSn, body),
    onSuccess: (answer) => {
      feedback.onSuccess(
        t('cancel.done', { count: answer.lessonsCancelled, credits: answer.creditsReleased }),
      );
      afterLessonChange(
        client,
        row.children.map((child) => child.userSn),
      );
      onClose();
    },
    onError: feedback.onError,
  });
  return (
    <ActionForm
      alert={feedback.alert}
      onSubmit={feedback.submit(({ reason }) => {
        if (!cancel.isPending && reason) cancel.mutate({ reason });
      })}
    >
      <ClassSummary row={row} />
      <Text size="sm">{t('cancel.explain', { count: row.children.length })}</Text>
      <Controller
        control={form.control}
        name="reason"
        render={({ field }) => (
          <Select
            label={t('cancel.reason')}
            placeholder={t('cancel.reasonPlaceholder')}
            withAsterisk
            data={MANUAL_CANCEL_REASONS.map((value) => ({
              value,
              label: t(`reasons.${value}`),
            }))}
            value={field.value}
            onChange={(value) => field.onChange(value as ManualCancelReason | null)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(form.formState.errors.reason)}
            data-autofocus
          />
        )}
      />
      <DialogActions
        onCancel={onClose}
        pending={cancel.isPending}
        submitProps={{ color: 'red.8', disabled: cancel.isPending }}
      >
        {t('cancel.submit')}
      </DialogActions>
    </ActionForm>
  );
}
