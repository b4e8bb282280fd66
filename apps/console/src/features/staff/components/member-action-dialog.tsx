import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffSummary } from '@portal/shared/staff';
import { notify } from '@portal/web-kit/notify';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { staffApi, staffQueriesKey } from '../api';

export type MemberAction = 'disable' | 'enable' | 'reset';

const TEXTS = {
  disable: { title: 'disableTitle', text: 'disableText', done: 'disabled' },
  enable: { title: 'enableTitle', text: 'enableText', done: 'enabled' },
  reset: { title: 'resetTitle', text: 'resetText', done: 'reset' },
} as const;

const RUN = {
  disable: staffApi.disable,
  enable: staffApi.enable,
  reset: staffApi.resetSecondFactor,
} as const;

/** Disable, enable, or reset the second factor of a member, after saying what it does. */
export function MemberActionDialog({
  target,
  onClose,
}: {
  target: { action: MemberAction; member: StaffSummary } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const { t: common } = useTranslation();
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: ({ action, member }: { action: MemberAction; member: StaffSummary }) =>
      RUN[action](member.id),
    onSuccess: async (_answer, { action, member }) => {
      notify('green', t(TEXTS[action].done, { name: member.name }));
      await queryClient.invalidateQueries({ queryKey: staffQueriesKey });
      onClose();
    },
  });
  const texts = target ? TEXTS[target.action] : undefined;
  const name = target?.member.name ?? '';
  return (
    <Dialog
      opened={target !== null}
      onClose={onClose}
      title={texts ? t(texts.title, { name }) : ''}
    >
      {target && texts && (
        <Stack gap="md">
          <Text size="sm">{t(texts.text)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {common('cancel')}
            </Button>
            <Button
              color={target.action === 'enable' ? undefined : 'red.8'}
              loading={run.isPending}
              onClick={() => run.mutate(target)}
              data-autofocus
            >
              {t('confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
