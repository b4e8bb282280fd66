import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Child } from '@portal/shared/children';
import { useTranslation } from 'react-i18next';
import { childrenApi, deletionImpactQueryOptions } from '../api/children-api';

/** Spec §4: a confirmed action proceeds after 1 s. */
const CONFIRM_DELAY_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The delete confirmation names the child and says what happens to their lessons and reserved
 * credits (issue #19), as the server counts them now: lessons not yet started are cancelled and
 * their credits go back; the credit history keeps its rows.
 */
export function DeleteChildDialog({
  child,
  opened,
  onClose,
  onDeleted,
}: {
  child: Child;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => Promise<void>;
}) {
  const { t } = useTranslation('children');
  const name = child.nickname;
  const impact = useQuery({ ...deletionImpactQueryOptions(child.student_sn), enabled: opened });
  const remove = useMutation({
    mutationFn: async () => {
      await wait(CONFIRM_DELAY_MS);
      await childrenApi.remove(child.student_sn);
    },
    onSuccess: onDeleted,
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('deleteTitle', { name })}
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <Stack gap="sm">
        <Text>{t('deleteProfile', { name })}</Text>
        <ListState
          query={impact}
          loading={<Skeleton height={44} />}
          error={
            <Group justify="space-between">
              <Text c="red.8" role="alert">
                {t('deleteImpactFailed', { name })}
              </Text>
              <Button variant="light" size="xs" onClick={() => void impact.refetch()}>
                {t('retry', { ns: 'common' })}
              </Button>
            </Group>
          }
        >
          {({ lessons, credits }) =>
            lessons === 0 ? (
              <Text>{t('deleteNoLessons', { name })}</Text>
            ) : (
              <Text>
                {t('deleteLessons', { name, count: lessons })}{' '}
                {credits > 0 ? t('deleteCredits', { count: credits }) : t('deleteCovered')}
              </Text>
            )
          }
        </ListState>
        <Text size="sm" c="dimmed">
          {t('deleteHistory')}
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('no', { ns: 'common' })}
          </Button>
          <Button
            color="red.8"
            loading={remove.isPending}
            disabled={!impact.isSuccess}
            onClick={() => remove.mutate()}
          >
            {t('deleteConfirm', { name })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
