import { Alert, Anchor, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { MONEY_REASON_MAX_LENGTH, type AttentionItem } from '@portal/shared/staff';
import { notify } from '@portal/web-kit/notify';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog, DialogActions } from '../../../components/dialog';
import { useTableTexts } from '../../../components/use-table-texts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-me';
import { OpsPageQuerySchema } from '@portal/shared/staff';
import { useUrlSearch } from '../../../lib/url-search';
import { attentionQuery, orderKeys, ordersApi, refreshAfterMoneyWrite } from '../api';
import { formatMoney } from '../../../lib/money';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { OrderStatusBadge } from './status-badge';

type Action = 'fulfil' | 'refund';

/** `/orders/attention`: paid notifications nobody could fulfil; fulfil by hand or refund. */
export function AttentionPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('attention.title'));
  const language = currentLanguage();
  const { can } = useMe();
  const { query, update } = useUrlSearch(OpsPageQuerySchema);
  const items = useQuery(attentionQuery(query.page, query.pageSize));
  const tableTexts = useTableTexts();
  const [acting, setActing] = useState<{ item: AttentionItem; action: Action } | null>(null);
  const canAct = can('money.manage');

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.orders} size="sm">
        ← {t('attention.back')}
      </Anchor>
      <Title order={1}>{t('attention.title')}</Title>
      <Text size="sm" c="gray.7">
        {t('attention.intro')}
      </Text>
      {items.isError && !items.data ? (
        <Alert color="yellow" variant="light" title={t('loadFailed')}>
          <Button variant="light" onClick={() => void items.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <DataTable<AttentionItem>
          aria-label={t('attention.caption')}
          withTableBorder
          borderRadius="md"
          minHeight={items.data?.items.length ? undefined : 180}
          records={items.data?.items ?? []}
          fetching={items.isFetching}
          totalRecords={items.data?.total ?? 0}
          page={query.page}
          onPageChange={(page) => update({ page })}
          recordsPerPage={query.pageSize}
          {...tableTexts}
          noRecordsText={t('attention.empty')}
          columns={[
            {
              accessor: 'receivedAt',
              title: t('attention.received'),
              noWrap: true,
              render: (item) => formatDateTime(item.receivedAt, language),
            },
            {
              accessor: 'reason',
              title: t('attention.why'),
              render: (item) => t(`attention.reasons.${item.reason}`),
            },
            {
              accessor: 'amount',
              title: t('attention.paid'),
              textAlign: 'right',
              noWrap: true,
              render: (item) => formatMoney(item.amount, item.currency, language),
            },
            {
              accessor: 'order',
              title: t('attention.order'),
              render: (item) =>
                item.order ? (
                  <Stack gap={2}>
                    <Group gap={6}>
                      <Anchor
                        component={Link}
                        to={paths.orderOf(item.order.orderNo)}
                        ff="monospace"
                      >
                        {item.order.orderNo}
                      </Anchor>
                      <OrderStatusBadge status={item.order.status} />
                    </Group>
                    <Text size="xs" c="gray.7">
                      {formatMoney(item.order.amount, item.order.currency, language)} ·{' '}
                      {item.order.parent.name || item.order.parent.userSn}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm" c="gray.7">
                    {t('attention.noOrder')}
                  </Text>
                ),
            },
            {
              accessor: 'sessionId',
              title: t('attention.session'),
              render: (item) => (
                <Text size="xs" ff="monospace">
                  {item.provider} · {item.sessionId}
                </Text>
              ),
            },
            {
              accessor: 'actions',
              title: t('attention.actions'),
              hidden: !canAct,
              render: (item) => (
                <Group gap={6} wrap="nowrap">
                  {item.actions.includes('fulfil') && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setActing({ item, action: 'fulfil' })}
                    >
                      {t('attention.fulfil')}
                    </Button>
                  )}
                  {item.actions.includes('refund') && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => setActing({ item, action: 'refund' })}
                    >
                      {t('attention.refund')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      {acting && (
        <AttentionDialog
          item={acting.item}
          action={acting.action}
          onClose={() => setActing(null)}
        />
      )}
    </Stack>
  );
}

function AttentionDialog({
  item,
  action,
  onClose,
}: {
  item: AttentionItem;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  const client = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const paid = formatMoney(item.amount, item.currency, language);
  const act = useMutation({
    mutationFn: () =>
      (action === 'fulfil' ? ordersApi.fulfil : ordersApi.refundPayment)(item.id, {
        reason: reason.trim(),
        idempotencyKey,
      }),
    onSuccess: () => {
      refreshAfterMoneyWrite(
        client,
        item.order ? [orderKeys.one(item.order.orderNo), ['ops', 'family']] : [],
      );
      notify('green', action === 'fulfil' ? t('attention.fulfilled') : t('attention.refunded'));
      onClose();
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? failure.msg : String(failure));
      // Handled by someone else meanwhile: the list is stale.
      void client.invalidateQueries({ queryKey: orderKeys.attention });
    },
  });
  return (
    <Dialog
      opened
      onClose={onClose}
      title={
        action === 'fulfil'
          ? t('attention.fulfilTitle', { orderNo: item.order?.orderNo ?? '' })
          : t('attention.refundTitle', { paid })
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim() || act.isPending) return;
          setError(null);
          act.mutate();
        }}
      >
        <Stack gap="sm">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Text size="sm">
            {action === 'fulfil'
              ? t('attention.fulfilText', {
                  paid,
                  asked: item.order
                    ? formatMoney(item.order.amount, item.order.currency, language)
                    : '',
                })
              : t('attention.refundText', { sessionId: item.sessionId })}
          </Text>
          <Textarea
            label={t('attention.reason')}
            withAsterisk
            rows={2}
            maxLength={MONEY_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <DialogActions
            onCancel={onClose}
            pending={act.isPending}
            submitProps={{
              color: action === 'refund' ? 'red' : undefined,
              disabled: !reason.trim(),
            }}
          >
            {action === 'fulfil' ? t('attention.submitFulfil') : t('attention.submitRefund')}
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}
