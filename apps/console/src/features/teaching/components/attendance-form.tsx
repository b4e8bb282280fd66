import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ATTENDANCE_NOTE_MAX_LENGTH,
  AttendanceBodySchema,
  type AttendanceBody,
  type AttendanceBodyInput,
  type TeachingChild,
  type TeachingWeek,
} from '@portal/shared/staff';
import { FormAlert, fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { teachingApi, teachingKeys } from '../api';

/**
 * One child's mark (attended or absent) and an optional note for the parent, saved on the child's
 * own lesson row. Allowed from the start until the settlement (the server refuses after).
 */
export function AttendanceForm({ child }: { child: TeachingChild }) {
  const { t } = useTranslation('teaching');
  const client = useQueryClient();
  const name = child.nickname;
  const form = useForm<AttendanceBodyInput, unknown, AttendanceBody>({
    resolver: zodResolver(AttendanceBodySchema),
    defaultValues: { attendance: child.attendance ?? undefined, note: child.note ?? '' },
  });
  const feedback = useFormFeedback(form, {
    order: ['attendance', 'note'],
    fieldMessages: { attendanceMarkInvalid: 'attendance', attendanceNoteTooLong: 'note' },
  });
  const save = useMutation({
    mutationFn: (body: AttendanceBodyInput) => teachingApi.markAttendance(child.lessonSn, body),
    onSuccess: (saved) => {
      // The answer is the child's row as stored: shown at once, the week refreshed behind it.
      client.setQueriesData<TeachingWeek>(
        { queryKey: [...teachingKeys.all, 'week'] },
        (week) =>
          week && {
            ...week,
            classes: week.classes.map((lesson) => ({
              ...lesson,
              children: lesson.children.map((row) =>
                row.lessonSn === child.lessonSn ? { ...row, ...saved } : row,
              ),
            })),
          },
      );
      form.reset({ attendance: saved.attendance, note: saved.note ?? '' });
      feedback.onSuccess(t('saved', { name }));
      void client.invalidateQueries({ queryKey: teachingKeys.all });
    },
    onError: feedback.onError,
  });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label={t('attendance', { name })}
      aria-describedby={feedback.alert.message ? feedback.alert.id : undefined}
      onSubmit={feedback.submit((values) => {
        if (!save.isPending) save.mutate(values);
      })}
    >
      <Stack gap="xs">
        <FormAlert {...feedback.alert} />
        <Controller
          control={form.control}
          name="attendance"
          render={({ field }) => (
            <Radio.Group
              label={t('attendance', { name })}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value)}
              error={fieldError(errors.attendance)}
            >
              <Group gap="lg" mt={4}>
                <Radio value="attended" label={t('attended')} ref={field.ref} />
                <Radio value="absent" label={t('absent')} />
              </Group>
            </Radio.Group>
          )}
        />
        <Textarea
          label={t('note', { name })}
          description={t('noteHint', { count: note.length, max: ATTENDANCE_NOTE_MAX_LENGTH })}
          descriptionProps={{ c: 'gray.7' }}
          rows={3}
          {...form.register('note')}
          error={fieldError(errors.note)}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            size="xs"
            loading={save.isPending}
            aria-label={t('saveFor', { name })}
          >
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
