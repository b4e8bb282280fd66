import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  PasswordInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { RESEND_COUNTDOWN_SECONDS } from '@portal/shared/auth';
import type { AccountDeletionStatus } from '@portal/shared/account-deletion';
import { CodeField, useCountdown } from '@portal/web-kit/code-field';
import { notify } from '@portal/web-kit/notify';
import { formatDate } from '@portal/web-kit/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { accountDeletionApi, accountDeletionQueryOptions } from '../api/account-deletion-api';
import { useCancelDeletion } from '../hooks/use-cancel-deletion';

type Method = 'password' | 'code';
interface ConfirmForm {
  password: string;
  code: string;
}

/** What deleting the account does, from the server's preview (spec: issue #25). */
function Consequences({ status }: { status: AccountDeletionStatus }) {
  const { t } = useTranslation('auth');
  const language = currentLanguage();
  const date = formatDate(status.would_erase_at);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('deletionWhatHappens')}
      </Title>
      <Text size="sm">{t('deletionGrace', { date, days: status.grace_days })}</Text>
      <Text size="sm">{t('deletionErased', { count: status.children })}</Text>
      <Text size="sm">
        {status.credits.paid + status.credits.reward > 0
          ? t('deletionCredits', { ...status.credits, date })
          : t('deletionNoCredits')}
      </Text>
      <Text size="sm">
        {status.plan
          ? t('deletionPlan', {
              title: language === 'zh_CN' ? status.plan.title_zh : status.plan.title_en,
              endsAt: formatDate(status.plan.ends_at),
            })
          : t('deletionNoPlan')}
      </Text>
      <Text size="sm" c="gray.7">
        {t('deletionKept')}{' '}
        <Anchor component={Link} to={paths.privacy} size="sm">
          {t('deletionRetentionLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}

function ConfirmDialog({
  status,
  opened,
  onClose,
}: {
  status: AccountDeletionStatus;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<Method>(status.has_password ? 'password' : 'code');
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS);
  const form = useForm<ConfirmForm>({ defaultValues: { password: '', code: '' } });
  const sendCode = useMutation({
    mutationFn: accountDeletionApi.sendCode,
    onSuccess: () => {
      countdown.start();
      notify('green', t('codeSent'));
    },
  });
  const request = useMutation({
    mutationFn: (values: ConfirmForm) =>
      accountDeletionApi.request(
        method === 'password' ? { password: values.password } : { code: values.code.trim() },
      ),
    onSuccess: (next) => {
      notify('green', t('deletionRequested', { date: formatDate(next.due_at) }));
      queryClient.setQueryData(accountDeletionQueryOptions().queryKey, next);
      form.reset();
      onClose();
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('deletionDialogTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => request.mutate(values))}
        aria-label={t('deletionDialogTitle')}
      >
        <Stack gap="md">
          <Consequences status={status} />
          {status.has_password && (
            <SegmentedControl
              aria-label={t('deletionConfirmWith')}
              value={method}
              onChange={(value) => setMethod(value as Method)}
              data={[
                { value: 'password', label: t('deletionByPassword') },
                { value: 'code', label: t('deletionByCode') },
              ]}
            />
          )}
          {method === 'password' ? (
            <PasswordInput
              label={t('password')}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
              {...form.register('password')}
            />
          ) : (
            <Stack gap={4}>
              <Text size="sm">{t('deletionCodeTo', { phone: status.phone_masked })}</Text>
              <CodeField
                ns="auth"
                input={form.register('code')}
                countdown={countdown}
                onSend={() => sendCode.mutate()}
                sending={sendCode.isPending}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel', { ns: 'common' })}
            </Button>
            {/* red.8: white on Mantine's default red is under 4.5:1 (axe). */}
            <Button type="submit" color="red.8" loading={request.isPending}>
              {t('deletionConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Profile → "Delete my account" (issue #25): the preview of what happens to credits, children
 * and a plan, confirmed by the password or an SMS code; while the 14-day grace period runs, the
 * date and "Cancel deletion" instead.
 */
export function AccountDeletionSection() {
  const { t } = useTranslation('auth');
  const status = useQuery(accountDeletionQueryOptions());
  const cancel = useCancelDeletion();
  const [opened, setOpened] = useState(false);

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="account-deletion-heading">
      <Title order={2} size="h4" id="account-deletion-heading" mb="sm">
        {t('deletionTitle')}
      </Title>
      {status.isPending ? (
        <Skeleton height={60} />
      ) : status.isError ? (
        <Text c="red.8">{t('deletionLoadFailed')}</Text>
      ) : status.data.pending ? (
        <Alert color="red" title={t('deletionPendingTitle')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('deletionPending', { date: formatDate(status.data.due_at) })}</Text>
            <Button onClick={() => cancel.mutate()} loading={cancel.isPending}>
              {t('deletionCancel')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('deletionIntro', { days: status.data.grace_days })}</Text>
          <Button color="red" variant="light" onClick={() => setOpened(true)}>
            {t('deletionStart')}
          </Button>
          {opened && <ConfirmDialog status={status.data} opened onClose={() => setOpened(false)} />}
        </Stack>
      )}
    </Paper>
  );
}
