import { Anchor, Badge, Container, Loader, Skeleton, Text, Title } from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import '@mantine/core/styles/Badge.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLoadMoreOnView } from '@portal/web-kit/infinite-scroll';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { currentLanguage } from '../../../lib/i18n';
import { chargesPage } from '../api/billing-api';
import { formatMoney } from '../utils/money';
import { OrderContract } from './order-contract';
import { Records } from './records';
import { LoadError } from './screen-states';

/** Spec §9: the next page of charges loads 2 s after the end of the list comes into view. */
export const CHARGES_LOAD_DELAY_MS = 2000;

/** `pay_status` 0 pending, 1 paid, 2 cancelled, 3 refunded (decision 029). */
const STATUS = ['statusPending', 'statusPaid', 'statusCancelled', 'statusRefunded'] as const;
const STATUS_COLOR = ['yellow', 'green', 'gray', 'blue'] as const;

/**
 * `Transaction` (spec §2): the charges as an infinite table (cards on a phone), 10 a page, each
 * with its order number, date, amount in the charge's currency, status and the contract, which
 * opens over the list with that order's details (`?contract=<order_no>`, decision 034).
 */
export function TransactionPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('transactionTitle'));
  const [params, setParams] = useSearchParams();
  const contractOf = params.get('contract') ?? '';
  const charges = useInfiniteQuery({
    queryKey: ['billing', currentLanguage(), 'charges'],
    queryFn: ({ pageParam, signal }) => chargesPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.data_info.length, 0) < last.total
        ? pages.length + 1
        : undefined,
  });
  const { hasNextPage, isFetchingNextPage } = charges;
  const sentinel = useLoadMoreOnView(charges, CHARGES_LOAD_DELAY_MS);

  const rows = charges.data?.pages.flatMap((page) => page.data_info) ?? [];
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('transactionTitle')}
      </Title>
      <ListState
        query={charges}
        loading={<Skeleton height={200} />}
        error={(failure) => (
          <LoadError
            error={failure}
            onRetry={() => void charges.refetch()}
            retrying={charges.isFetching}
          />
        )}
        isEmpty={() => rows.length === 0}
        empty={
          <Text c="dimmed" role="status">
            {t('noCharges')}
          </Text>
        }
      >
        {() => (
          <>
            <Records
              label={t('transactionTitle')}
              rows={rows}
              rowKey={(row) => row.order_no}
              columns={[
                { key: 'no', label: t('orderNumber'), cell: (row) => row.order_no, phone: 'line' },
                { key: 'date', label: t('date'), cell: (row) => row.date },
                { key: 'item', label: t('item'), cell: (row) => row.title, phone: 'title' },
                {
                  key: 'amount',
                  label: t('amount'),
                  align: 'right',
                  phone: 'figure',
                  cell: (row) =>
                    // Issue #23: a partial refund shows under the amount (a whole one is the status).
                    row.refunded_amount > 0 && row.pay_status !== 3 ? (
                      <>
                        {formatMoney(row.amount, row.currency)}
                        <Text component="span" display="block" size="xs" c="dark.6">
                          {t('refundedPart', {
                            amount: formatMoney(row.refunded_amount, row.currency),
                          })}
                        </Text>
                      </>
                    ) : (
                      formatMoney(row.amount, row.currency)
                    ),
                },
                {
                  key: 'status',
                  label: t('payStatus'),
                  cell: (row) => (
                    <Badge
                      color={STATUS_COLOR[row.pay_status] ?? 'gray'}
                      c="dark.8"
                      variant="light"
                    >
                      {t(STATUS[row.pay_status] ?? 'statusPending')}
                    </Badge>
                  ),
                },
                {
                  key: 'contract',
                  label: t('contract'),
                  cell: (row) => (
                    <Anchor
                      component={Link}
                      to={`?contract=${encodeURIComponent(row.order_no)}`}
                      size="sm"
                      aria-label={t('viewContractOf', { no: row.order_no })}
                    >
                      {t('viewContract')}
                    </Anchor>
                  ),
                },
              ]}
            />
            <div ref={sentinel} />
            {isFetchingNextPage || hasNextPage ? (
              <Loader size="sm" mx="auto" mt="md" display="block" aria-label={t('loadingMore')} />
            ) : (
              <Text ta="center" c="dimmed" size="sm" mt="md">
                {t('endOfList')}
              </Text>
            )}
          </>
        )}
      </ListState>
      <OrderContract orderNo={contractOf} onClose={() => setParams({}, { replace: true })} />
    </Container>
  );
}
