import { Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { ClassRow, MoveClassBodyInput } from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { timeDiff, timeZoneLabel } from '@portal/web-kit/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog, DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { afterLessonChange, timetableApi } from '../api';
import { schemaResolver } from '../utils/schema-resolver';
import { ActionForm } from './action-form';
import { ClassSummary } from './class-summary';
import { TeacherSelect } from './pickers';

/** The picker's value: "YYYY-MM-DD HH:mm:ss" on the member's own clock. */
const MoveFormSchema = z.object({
  startsAt: z
    .string({ error: 'timetableStartsAtInvalid' })
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, 'timetableStartsAtInvalid'),
  teacherSn: z.string().nullable(),
});
type Values = z.input<typeof MoveFormSchema>;

const VALUE_FORMAT = { en: 'D MMM YYYY HH:mm', zh_CN: 'YYYY年M月D日 HH:mm' } as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the picker holds it, on the browser's clock. */
function pickerValue(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

/** The picker's local value as an instant (the browser reads it on its own clock). */
const instantOf = (value: string) => new Date(value.replace(' ', 'T')).toISOString();

/**
 * Moves one class (every child's lesson in it) to a new start, optionally with another teacher.
 * The server refuses a time in the past and any conflict with its translated message.
 */
export function MoveClassDialog({ row, onClose }: { row: ClassRow | null; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  return (
    <Dialog opened={row !== null} onClose={onClose} title={t('move.title')}>
      {row && <MoveForm key={row.lessonSn} row={row} onClose={onClose} />}
    </Dialog>
  );
}

function MoveForm({ row, onClose }: { row: ClassRow; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  const client = useQueryClient();
  const form = useForm<Values>({
    resolver: schemaResolver(MoveFormSchema),
    defaultValues: { startsAt: pickerValue(row.startsAt), teacherSn: null },
  });
  const feedback = useFormFeedback(form, {
    order: ['startsAt', 'teacherSn'],
    fieldMessages: {
      timetableStartsAtInvalid: 'startsAt',
      scheduleStartInPast: 'startsAt',
      scheduleInClosure: 'startsAt',
      timetableTeacherNotFound: 'teacherSn',
      scheduleTeacherNotFound: 'teacherSn',
    },
  });
  const move = useMutation({
    mutationFn: (body: MoveClassBodyInput) => timetableApi.moveClass(row.lessonSn, body),
    onSuccess: (answer) => {
      feedback.onSuccess(t('move.done', { count: answer.lessonsMoved }));
      afterLessonChange(
        client,
        row.children.map((child) => child.userSn),
      );
      onClose();
    },
    onError: feedback.onError,
  });
  const { errors } = form.formState;
  return (
    <ActionForm
      alert={feedback.alert}
      onSubmit={feedback.submit((values) => {
        if (move.isPending) return;
        move.mutate({
          startsAt: instantOf(values.startsAt),
          ...(values.teacherSn ? { teacherSn: values.teacherSn } : {}),
        });
      })}
    >
      <ClassSummary row={row} />
      <Controller
        control={form.control}
        name="startsAt"
        render={({ field }) => (
          <DateTimePicker
            label={t('move.startsAt')}
            description={t('yourZone', { zone: timeZoneLabel(timeDiff()) })}
            descriptionProps={{ c: 'gray.7' }}
            withAsterisk
            valueFormat={VALUE_FORMAT[language]}
            minDate={new Date()}
            value={field.value}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(errors.startsAt)}
            data-autofocus
          />
        )}
      />
      <Controller
        control={form.control}
        name="teacherSn"
        render={({ field }) => (
          <TeacherSelect
            label={t('move.teacher')}
            placeholder={t('move.sameTeacher')}
            clearable
            exclude={row.teacher ? [row.teacher.teacherSn] : []}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(errors.teacherSn)}
          />
        )}
      />
      <Text size="sm" c="gray.7">
        {t('move.explain')}
      </Text>
      <DialogActions onCancel={onClose} pending={move.isPending}>
        {t('move.submit')}
      </DialogActions>
    </ActionForm>
  );
}
