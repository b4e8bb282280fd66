import { Alert, Stack, Text } from '@mantine/core';
import type { CatalogueCourse } from '@portal/shared/staff';
import { notify } from '@portal/web-kit/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { catalogueApi, refreshCatalogue } from '../api';
import { localTitle } from '../utils/local';

/** Confirms retiring a course: off the public schedule at once, no new enrolments. */
export function RetireDialog({
  course,
  onClose,
}: {
  course: CatalogueCourse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const client = useQueryClient();
  const name = course ? localTitle(course, currentLanguage()) : '';
  const retire = useMutation({
    mutationFn: (id: number) => catalogueApi.retireCourse(id),
    onSuccess: async () => {
      notify('green', t('courses.retiredDone', { name }));
      await refreshCatalogue(client);
      onClose();
    },
  });
  return (
    <Dialog opened={course !== null} onClose={onClose} title={t('courses.retireTitle', { name })}>
      {course && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!retire.isPending) retire.mutate(course.id);
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('courses.retireText')}</Text>
            {course.enrolled > 0 && (
              <Alert color="yellow" variant="light">
                {t('courses.retireEnrolled', { count: course.enrolled })}
              </Alert>
            )}
            <DialogActions
              onCancel={onClose}
              pending={retire.isPending}
              gap="sm"
              submitProps={{ color: 'red' }}
            >
              {t('courses.retire')}
            </DialogActions>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
