import { Alert, List, Skeleton, Stack, Text } from '@mantine/core';
import type { CourseEnrollment } from '@portal/shared/staff';
import { useFormFeedback } from '@portal/web-kit/forms';
import { ListState } from '@portal/web-kit/list-state';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { afterLessonChange, endPreviewQuery, timetableApi } from '../api';
import { ActionForm } from './action-form';

/**
 * Ends an enrolment after showing what it does: the future lessons cancelled and the reserved
 * credits released (asked of the server when the dialog opens).
 */
export function EndEnrolmentDialog({
  enrollment,
  onClose,
}: {
  enrollment: CourseEnrollment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('timetable');
  return (
    <Dialog
      opened={enrollment !== null}
      onClose={onClose}
      title={enrollment ? t('end.title', { name: enrollment.nickname }) : ''}
    >
      {enrollment && (
        <EndForm key={enrollment.enrollmentSn} enrollment={enrollment} onClose={onClose} />
      )}
    </Dialog>
  );
}

function EndForm({ enrollment, onClose }: { enrollment: CourseEnrollment; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  const client = useQueryClient();
  const preview = useQuery(endPreviewQuery(enrollment.enrollmentSn));
  const form = useForm();
  const feedback = useFormFeedback(form, { order: [] });
  const end = useMutation({
    mutationFn: () => timetableApi.endEnrollment(enrollment.enrollmentSn),
    onSuccess: (answer) => {
      feedback.onSuccess(
        t('end.done', { count: answer.lessonsCancelled, credits: answer.creditsReleased }),
      );
      afterLessonChange(client, [enrollment.userSn]);
      onClose();
    },
    onError: feedback.onError,
  });
  return (
    <ActionForm
      alert={feedback.alert}
      onSubmit={(event) => {
        event.preventDefault();
        if (!end.isPending) end.mutate();
      }}
    >
      <ListState
        query={preview}
        loading={<Skeleton height={80} aria-label={t('loading', { ns: 'common' })} />}
      >
        {(data) => (
          <Stack gap="xs">
            <Text size="sm">{t('end.lessons', { count: data.lessons.length })}</Text>
            {data.lessons.length > 0 && (
              <List size="sm" spacing={2} mah={200} style={{ overflowY: 'auto' }}>
                {data.lessons.map((lesson) => (
                  <List.Item key={lesson.lessonSn}>
                    {formatDateTime(lesson.startsAt, language)}
                  </List.Item>
                ))}
              </List>
            )}
            <Alert color="blue" variant="light" role="status">
              {t('end.credits', { count: data.credits })}
            </Alert>
          </Stack>
        )}
      </ListState>
      <DialogActions
        onCancel={onClose}
        pending={end.isPending}
        submitProps={{ color: 'red.8', disabled: end.isPending || !preview.data }}
      >
        {t('end.submit')}
      </DialogActions>
    </ActionForm>
  );
}
