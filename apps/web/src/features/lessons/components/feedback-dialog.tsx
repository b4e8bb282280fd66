import { Button, Group, Modal, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedbackFormSchema, type CompletedLesson } from '@portal/shared/lessons';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toastFirstError } from '@portal/web-kit/forms';
import { notify } from '@portal/web-kit/notify';
import { commentQueryOptions, lessonsApi, refreshLessons } from '../api/lessons-api';
import { StarRating } from './star-rating';
import { TeacherLine } from './teacher-line';

type FeedbackForm = z.input<typeof FeedbackFormSchema>;

/**
 * Leave Feedback / View Feedback on a completed lesson (spec §4, §5): comment and a non-zero
 * rating, 1–5 in half steps; once sent the list reloads and the feedback is read-only.
 */
export function FeedbackDialog({
  lesson,
  opened,
  onClose,
}: {
  lesson: CompletedLesson;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('lessons');
  const given = lesson.comments_status === 1;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={given ? t('viewFeedback') : t('leaveFeedback')}
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <Stack gap={6} mb="md">
        <Text size="sm" c="dimmed">
          {lesson.subject_title} ·{' '}
          {t('lessonOf', { n: lesson.start_lessons, total: lesson.total_lessons })}
        </Text>
        <TeacherLine name={lesson.teacher_name} photo={lesson.teacher_photo} />
      </Stack>
      {given ? (
        <GivenFeedback commentId={lesson.comments_id} />
      ) : (
        <FeedbackFormBody lesson={lesson} onDone={onClose} />
      )}
    </Modal>
  );
}

function GivenFeedback({ commentId }: { commentId: string }) {
  const comment = useQuery(commentQueryOptions(commentId));
  if (!comment.data) return <Skeleton height={80} />;
  return (
    <Stack gap="sm">
      <StarRating value={comment.data.rating} readOnly size={32} />
      <Text style={{ whiteSpace: 'pre-wrap' }}>{comment.data.comment || '-'}</Text>
    </Stack>
  );
}

function FeedbackFormBody({ lesson, onDone }: { lesson: CompletedLesson; onDone: () => void }) {
  const { t } = useTranslation('lessons');
  const labelId = useId();
  const queryClient = useQueryClient();
  const form = useForm<FeedbackForm>({
    resolver: zodResolver(FeedbackFormSchema),
    defaultValues: { comment: '', rating: 0 },
  });
  const send = useMutation({
    mutationFn: (values: FeedbackForm) =>
      lessonsApi.comment({
        lesson_sn: lesson.lesson_sn,
        student_sn: lesson.student_sn,
        comment: values.comment,
        rating: values.rating,
      }),
    onSuccess: async () => {
      // Spec §8: "sent successfully", then the list reloads.
      notify('green', t('sentSuccessfully'));
      onDone();
      await refreshLessons(queryClient);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        (values) => send.mutate(values),
        toastFirstError<FeedbackForm>(['comment', 'rating']),
      )}
    >
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500} mb={4} id={labelId}>
            {t('rating')}
          </Text>
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <StarRating value={field.value} onChange={field.onChange} labelledBy={labelId} />
            )}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t('ratingKeys')}
          </Text>
        </div>
        <Textarea
          label={t('comment')}
          autosize
          minRows={3}
          maxLength={500}
          {...form.register('comment')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
