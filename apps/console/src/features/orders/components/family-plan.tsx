import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Radio,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { MONEY_REASON_MAX_LENGTH, type OpsMembership } from '@portal/shared/staff';
import { notify } from '@portal/web-kit/notify';
import { formatDate } from '@portal/web-kit/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog, DialogActions } from '../../../components/dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-me';
import {
  cancelPreviewQuery,
  membershipQuery,
  orderKeys,
  ordersApi,
  refreshAfterMoneyWrite,
} from '../api';
import { formatMoney, localText } from '../../../lib/money';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { StatusBadge } from './status-badge';

/**
 * A family's plan on the family's page (`orders.read`): the plan, whether it renews, and for
 * `money.manage` cancelling it at the period's end or now with the previewed refund.
 */
export function FamilyPlan({ userSn }: { userSn: string }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  const { can } = useMe();
  const answer = useQuery(membershipQuery(userSn));
  const [cancelling, setCancelling] = useState(false);
  const plan = answer.data?.membership ?? null;
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {t('plan.title')}
        </Title>
        {plan && !plan.cancelAtPeriodEnd && can('money.manage') && (
          <Button size="xs" variant="light" color="red" onClick={() => setCancelling(true)}>
            {t('plan.cancel')}
          </Button>
        )}
      </Group>
      {answer.isPending ? (
        <Skeleton height={80} />
      ) : answer.isError ? (
        <Button variant="light" size="xs" onClick={() => void answer.refetch()}>
          {t('retry', { ns: 'common' })}
        </Button>
      ) : plan ? (
        <Stack gap={6}>
          <Text fw={600}>{localText(plan.name, language)}</Text>
          <Text size="sm">
            {t('plan.price', {
              price: formatMoney(plan.price, plan.currency, language),
              kids: plan.kids,
            })}
          </Text>
          <Text size="sm">
            {t('plan.period', {
              from: formatDate(plan.periodStartsAt, 'date', language),
              to: formatDate(plan.endsAt, 'date', language),
            })}
          </Text>
          <Text size="xs" c="gray.7">
            {t('plan.since', { date: formatDate(plan.startsAt, 'date', language) })}
          </Text>
          <Group gap={6}>
            {plan.cancelAtPeriodEnd ? (
              <StatusBadge color="orange">
                {t('plan.endsAtPeriodEnd', { date: formatDate(plan.endsAt, 'date', language) })}
              </StatusBadge>
            ) : (
              <StatusBadge color={plan.renews ? 'green' : 'gray'}>
                {plan.renews ? t('plan.renews') : t('plan.noRenew')}
              </StatusBadge>
            )}
          </Group>
          {plan.orderNo && (
            <Anchor component={Link} to={paths.orderOf(plan.orderNo)} size="sm">
              {t('plan.order', { orderNo: plan.orderNo })}
            </Anchor>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="gray.7">
          {t('plan.none')}
        </Text>
      )}
      {plan && cancelling && (
        <CancelDialog userSn={userSn} plan={plan} onClose={() => setCancelling(false)} />
      )}
    </Card>
  );
}

function CancelDialog({
  userSn,
  plan,
  onClose,
}: {
  userSn: string;
  plan: OpsMembership;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  const client = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [mode, setMode] = useState<'period-end' | 'now'>('period-end');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const preview = useQuery(cancelPreviewQuery(userSn));
  const figures = preview.data;
  const endsAt = formatDate(plan.endsAt, 'date', language);

  const cancel = useMutation({
    mutationFn: () =>
      ordersApi.cancelMembership(
        userSn,
        mode === 'now'
          ? { mode, refund: figures!.refund, reason: reason.trim(), idempotencyKey }
          : { mode, reason: reason.trim(), idempotencyKey },
      ),
    onSuccess: (answer) => {
      client.setQueryData(membershipQuery(userSn).queryKey, answer);
      refreshAfterMoneyWrite(client, [orderKeys.membership(userSn), ['ops', 'family', userSn]]);
      notify('green', mode === 'now' ? t('plan.cancelled') : t('plan.willEnd', { date: endsAt }));
      onClose();
    },
    onError: (failure) => {
      // A 409: the figure moved (time passed, a renewal came): the new one is shown to confirm.
      if (failure instanceof ApiError && failure.httpStatus === 409) void preview.refetch();
      setError(failure instanceof ApiError && failure.msg ? failure.msg : t('plan.changed'));
    },
  });
  const ready = mode === 'period-end' || Boolean(figures);

  return (
    <Dialog opened onClose={onClose} title={t('plan.cancelTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready || !reason.trim() || cancel.isPending) return;
          setError(null);
          cancel.mutate();
        }}
      >
        <Stack gap="sm">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Radio.Group
            label={t('plan.cancelTitle')}
            value={mode}
            onChange={(value) => setMode(value as 'period-end' | 'now')}
          >
            <Stack gap="xs" mt={6}>
              <Radio value="period-end" label={t('plan.periodEnd')} />
              <Text size="sm" c="gray.7" pl={28}>
                {t('plan.periodEndText', { date: endsAt })}
              </Text>
              <Radio value="now" label={t('plan.now')} />
              <Text size="sm" c="gray.7" pl={28}>
                {figures
                  ? t('plan.nowText', {
                      unusedDays: figures.unusedDays,
                      periodDays: figures.periodDays,
                      refund: formatMoney(figures.refund, figures.currency, language),
                    })
                  : preview.isError
                    ? t('plan.previewFailed')
                    : t('loading', { ns: 'common' })}
              </Text>
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('plan.reason')}
            withAsterisk
            rows={2}
            maxLength={MONEY_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <DialogActions
            onCancel={onClose}
            pending={cancel.isPending}
            submitProps={{ color: 'red.8', disabled: !ready || !reason.trim() }}
          >
            {t('plan.submit')}
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}
