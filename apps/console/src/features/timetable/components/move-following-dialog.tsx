import { Select, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import {
  MoveFollowingBodySchema,
  type ClassRow,
  type MoveFollowingBodyInput,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog, DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { afterLessonChange, timetableApi } from '../api';
import { schemaResolver } from '../utils/schema-resolver';
import { weekdayName } from '../utils/dates';
import { ActionForm } from './action-form';
import { ClassSummary } from './class-summary';
import { TeacherSelect } from './pickers';

const MoveFollowingFormSchema = z.object({
  /** The child's lesson whose enrolment moves (the class may hold several children). */
  lessonSn: z.string({ error: 'timetableLessonNotFound' }).min(1, 'timetableLessonNotFound'),
  weekday: z
    .string({ error: 'timetableWeekdayInvalid' })
    .regex(/^[0-6]$/, 'timetableWeekdayInvalid'),
  time: MoveFollowingBodySchema.shape.time,
  teacherSn: z.string().nullable(),
});
type Values = z.input<typeof MoveFollowingFormSchema>;

/**
 * "This and all following lessons": one child's enrolment moves to a new weekly slot (weekday
 * and time in the course's zone) from this lesson on, keeping the lessons' numbers.
 */
export function MoveFollowingDialog({
  row,
  onClose,
}: {
  row: ClassRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('timetable');
  return (
    <Dialog opened={row !== null} onClose={onClose} title={t('moveFollowing.title')}>
      {row && <MoveFollowingForm key={row.lessonSn} row={row} onClose={onClose} />}
    </Dialog>
  );
}

function MoveFollowingForm({ row, onClose }: { row: ClassRow; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  const client = useQueryClient();
  const form = useForm<Values>({
    resolver: schemaResolver<Values>(MoveFollowingFormSchema, {
      required: { lessonSn: t('enrol.childRequired') },
    }),
    defaultValues: {
      lessonSn: row.children.length === 1 ? row.children[0]!.lessonSn : '',
      // Left empty: the slot is on the course's clock, which may not be the member's.
      weekday: '',
      time: '',
      teacherSn: null,
    },
  });
  const feedback = useFormFeedback(form, {
    order: ['lessonSn', 'weekday', 'time', 'teacherSn'],
    fieldMessages: {
      timetableWeekdayInvalid: 'weekday',
      timetableTimeInvalid: 'time',
      scheduleSlotInvalid: 'time',
      timetableTeacherNotFound: 'teacherSn',
      scheduleTeacherNotFound: 'teacherSn',
    },
  });
  const move = useMutation({
    mutationFn: ({ lessonSn, ...body }: MoveFollowingBodyInput & { lessonSn: string }) =>
      timetableApi.moveFollowing(lessonSn, body),
    onSuccess: (answer, { lessonSn }) => {
      feedback.onSuccess(t('moveFollowing.done', { count: answer.lessonsMoved }));
      const child = row.children.find((one) => one.lessonSn === lessonSn);
      afterLessonChange(client, child ? [child.userSn] : []);
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
          lessonSn: values.lessonSn,
          weekday: Number(values.weekday),
          time: values.time,
          ...(values.teacherSn ? { teacherSn: values.teacherSn } : {}),
        });
      })}
    >
      <ClassSummary row={row} />
      <Text size="sm">{t('moveFollowing.explain')}</Text>
      <Controller
        control={form.control}
        name="lessonSn"
        render={({ field }) => (
          <Select
            label={t('moveFollowing.child')}
            placeholder={t('moveFollowing.childPlaceholder')}
            withAsterisk
            data={row.children.map((child) => ({
              value: child.lessonSn,
              label: `${child.nickname} (${child.studentSn})`,
            }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(errors.lessonSn)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="weekday"
        render={({ field }) => (
          <Select
            label={t('moveFollowing.weekday')}
            placeholder={t('moveFollowing.weekdayPlaceholder')}
            withAsterisk
            data={[1, 2, 3, 4, 5, 6, 0].map((day) => ({
              value: String(day),
              label: weekdayName(day, language),
            }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(errors.weekday)}
          />
        )}
      />
      <TimeInput
        label={t('moveFollowing.time')}
        description={t('moveFollowing.courseZone')}
        descriptionProps={{ c: 'gray.7' }}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        {...form.register('time')}
        error={fieldError(errors.time)}
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
      <DialogActions onCancel={onClose} pending={move.isPending}>
        {t('moveFollowing.submit')}
      </DialogActions>
    </ActionForm>
  );
}
