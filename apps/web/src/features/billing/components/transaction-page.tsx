import { Anchor, Badge, Container, Loader, Skeleton, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLayout } from '../../../components/layout/account-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { chargesPage } from '../api/billing-api';
import { formatMoney } from '../utils/money';

/** Spec §9: the next page of charges loads 2 s after the end of the list comes into view. */
export const CHARGES_LOAD_DELAY_MS = 2000;

const STATUS = ['statusPending', 'statusPaid', 'statusCancelled'] as const;
const STATUS_COLOR = ['yellow', 'green', 'gray'] as const;

/**
 * `Transaction` (spec §2): the charges as an infinite table, 10 a page, each with its order
 * number, date, amount in the charge's currency, status and the contract.
 */
export function TransactionPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('transactionTitle'));
  const charges = useInfiniteQuery({
    queryKey: ['billing', currentLanguage(), 'charges'],
    queryFn: ({ pageParam, signal }) => chargesPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.data_info.length, 0) < last.total
        ? pages.length + 1
        : undefined,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = charges;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || !('IntersectionObserver' in window))
      return undefined;
    let timer: number | undefined;
    const observer = new IntersectionObserver(([entry]) => {
      window.clearTimeout(timer);
      if (entry?.isIntersecting)
        timer = window.setTimeout(() => void fetchNextPage(), CHARGES_LOAD_DELAY_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = charges.data?.pages.flatMap((page) => page.data_info) ?? [];
  return (
    <AccountLayout>
      <Container size="lg" py="xl">
        <Title order={1} mb="lg">
          {t('transactionTitle')}
        </Title>
        {charges.isPending ? (
          <Skeleton height={200} />
        ) : charges.isError ? (
          <Text c="red.8" role="alert">
            {t('loadFailed')}
          </Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" role="status">
            {t('noCharges')}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={600}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orderNumber')}</Table.Th>
                    <Table.Th>{t('date')}</Table.Th>
                    <Table.Th>{t('item')}</Table.Th>
                    <Table.Th ta="right">{t('amount')}</Table.Th>
                    <Table.Th>{t('payStatus')}</Table.Th>
                    <Table.Th>{t('contract')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.order_no}>
                      <Table.Td>{row.order_no}</Table.Td>
                      <Table.Td>{row.date}</Table.Td>
                      <Table.Td>{row.title}</Table.Td>
                      <Table.Td ta="right">{formatMoney(row.amount, row.currency)}</Table.Td>
                      <Table.Td>
                        <Badge
                          color={STATUS_COLOR[row.pay_status] ?? 'gray'}
                          c="dark.8"
                          variant="light"
                        >
                          {t(STATUS[row.pay_status] ?? 'statusPending')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={`${paths.contract}?order_no=${row.order_no}`}
                          size="sm"
                          aria-label={t('viewContractOf', { no: row.order_no })}
                        >
                          {t('viewContract')}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
      </Container>
    </AccountLayout>
  );
}
