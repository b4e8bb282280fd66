import { Divider, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import '@mantine/core/styles/Modal.css';
import type { OrderSummary } from '@portal/shared/billing';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractQueryOptions, orderQueryOptions } from '../api/billing-api';
import { formatMoney } from '../utils/money';
import { LoadError } from './screen-states';

/**
 * "View contract" of a charge (decision 034): the order's own details — number, date, what was
 * bought, amount and how it was paid — above the contract text, over the transaction list.
 */
export function OrderContract({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Modal
      opened={orderNo !== ''}
      onClose={onClose}
      title={t('contractOf', { no: orderNo })}
      size="lg"
      fullScreen={false}
    >
      {orderNo !== '' && <ContractBody orderNo={orderNo} />}
    </Modal>
  );
}

function ContractBody({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('billing');
  const order = useQuery(orderQueryOptions(orderNo));
  const contract = useQuery(contractQueryOptions());
  return (
    <Stack gap="md">
      <ListState
        query={order}
        loading={<Skeleton height={120} />}
        error={
          <LoadError
            text={t('orderMissing')}
            onRetry={() => void order.refetch()}
            error={order.error}
            retrying={order.isFetching}
          />
        }
      >
        {(loaded) => <OrderFacts order={loaded} />}
      </ListState>
      <Divider />
      <ListState
        query={contract}
        loading={<Skeleton height={200} />}
        error={(failure) => (
          <LoadError
            error={failure}
            onRetry={() => void contract.refetch()}
            retrying={contract.isFetching}
          />
        )}
      >
        {(loaded) => (
          <div>
            <Title order={3} size="h5" mb="xs">
              {loaded.title}
            </Title>
            {/* Sanitised by the server (sanitize-html allow-list); no scripts or handlers remain. */}
            <div
              className="rich-text"
              style={{ fontSize: 'var(--mantine-font-size-sm)' }}
              dangerouslySetInnerHTML={{ __html: loaded.content }}
            />
          </div>
        )}
      </ListState>
    </Stack>
  );
}

const STATUS_LABEL = {
  pending: 'statusPending',
  paid: 'statusPaid',
  cancelled: 'statusCancelled',
  expired: 'statusCancelled',
  refunded: 'statusRefunded',
} as const;

function OrderFacts({ order }: { order: OrderSummary }) {
  const { t } = useTranslation('billing');
  const method = order.pay_method_name || (order.pay_method === 2 ? t('wallet') : t('card'));
  const facts: [string, string][] = [
    [t('orderNumber'), order.order_no],
    [t('date'), order.date],
    // A plan's details are its features; the title names it (credits list their count).
    [
      t('item'),
      order.kind === 'plan'
        ? order.order_title
        : [order.order_title, ...order.order_details].join(' · '),
    ],
    [t('amount'), formatMoney(order.order_price, order.currency)],
    [t('payMethod'), order.status === 'paid' || order.status === 'refunded' ? method : '—'],
    [t('payStatus'), t(STATUS_LABEL[order.status])],
  ];
  return (
    <Stack gap={4} component="dl" m={0} aria-label={t('orderDetails')}>
      {facts.map(([label, value]) => (
        <Group key={label} justify="space-between" wrap="nowrap" gap="md" align="flex-start">
          <Text component="dt" size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} ta="right" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
