import { Text } from '@mantine/core';
import { SubstituteBodySchema, type ClassRow, type SubstituteBody } from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { afterLessonChange, timetableApi } from '../api';
import { schemaResolver } from '../utils/schema-resolver';
import { ActionForm } from './action-form';
import { ClassSummary } from './class-summary';
import { TeacherSelect } from './pickers';

interface Values {
  teacherSn: string | null;
}

/** Another teacher teaches one class; the course's teacher is kept as the one covered for. */
export function SubstituteDialog({ row, onClose }: { row: ClassRow | null; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  return (
    <Dialog opened={row !== null} onClose={onClose} title={t('substitute.title')}>
      {row && <SubstituteForm key={row.lessonSn} row={row} onClose={onClose} />}
    </Dialog>
  );
}

function SubstituteForm({ row, onClose }: { row: ClassRow; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  const client = useQueryClient();
  const form = useForm<Values>({
    resolver: schemaResolver<Values>(SubstituteBodySchema, {
      required: { teacherSn: t('substitute.teacherRequired') },
    }),
    defaultValues: { teacherSn: null },
  });
  const feedback = useFormFeedback(form, {
    order: ['teacherSn'],
    fieldMessages: {
      timetableTeacherNotFound: 'teacherSn',
      scheduleTeacherNotFound: 'teacherSn',
      scheduleSameTeacher: 'teacherSn',
    },
  });
  const assign = useMutation({
    mutationFn: (body: SubstituteBody) => timetableApi.substitute(row.lessonSn, body.teacherSn),
    onSuccess: () => {
      feedback.onSuccess(t('substitute.done'));
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
      onSubmit={feedback.submit(({ teacherSn }) => {
        if (!assign.isPending && teacherSn) assign.mutate({ teacherSn });
      })}
    >
      <ClassSummary row={row} />
      <Controller
        control={form.control}
        name="teacherSn"
        render={({ field }) => (
          <TeacherSelect
            label={t('substitute.teacher')}
            placeholder={t('substitute.teacherPlaceholder')}
            withAsterisk
            exclude={row.teacher ? [row.teacher.teacherSn] : []}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(form.formState.errors.teacherSn)}
            data-autofocus
          />
        )}
      />
      <Text size="sm" c="gray.7">
        {t('substitute.explain')}
      </Text>
      <DialogActions onCancel={onClose} pending={assign.isPending}>
        {t('substitute.submit')}
      </DialogActions>
    </ActionForm>
  );
}
