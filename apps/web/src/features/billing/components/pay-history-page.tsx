import {
  Anchor,
  Container,
  Group,
  Pagination,
  Select,
  Skeleton,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import { BILLING_PAGE_SIZE } from '@portal/shared/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AccountLayout } from '../../../components/layout/account-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import {
  creditLogQueryOptions,
  paymentLogQueryOptions,
  rewardSettingQueryOptions,
  type CreditLogFilter,
} from '../api/billing-api';
import { formatMoney } from '../utils/money';

/** `/payHistory` (spec §2): credit history and payment history, 10 a page, back to `/index`. */
export function PayHistoryPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('historyTitle'));
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'payment' ? 'payment' : 'credit';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter: CreditLogFilter = {
    ...(params.get('event') ? { type: params.get('event')! } : {}),
    ...(params.get('direction') === '1' || params.get('direction') === '2'
      ? { direction: params.get('direction') as '1' | '2' }
      : {}),
  };
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  };

  return (
    <AccountLayout>
      <Container size="md" py="xl">
        <Anchor component={Link} to={paths.dashboard} size="sm">
          ← {t('back', { ns: 'common' })}
        </Anchor>
        <Group justify="space-between" my="lg">
          <Title order={1}>{t('historyTitle')}</Title>
          <Anchor component={Link} to={`${paths.recharge}?type=credit`}>
            {t('topUp')}
          </Anchor>
        </Group>
        <Tabs value={tab} onChange={(value) => set({ tab: value ?? 'credit', page: undefined })}>
          <Tabs.List mb="md">
            <Tabs.Tab value="credit">{t('creditHistory')}</Tabs.Tab>
            <Tabs.Tab value="payment">{t('paymentHistory')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="credit">
            {tab === 'credit' && (
              <CreditHistory
                page={page}
                filter={filter}
                onPage={(next) => set({ page: String(next) })}
                onFilter={(changes) => set({ ...changes, page: undefined })}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="payment">
            {tab === 'payment' && (
              <PaymentHistory page={page} onPage={(next) => set({ page: String(next) })} />
            )}
          </Tabs.Panel>
        </Tabs>
      </Container>
    </AccountLayout>
  );
}

function Pages({
  total,
  page,
  onPage,
}: {
  total: number;
  page: number;
  onPage: (n: number) => void;
}) {
  const { t } = useTranslation('lessons');
  if (total <= BILLING_PAGE_SIZE) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination
        total={Math.ceil(total / BILLING_PAGE_SIZE)}
        value={page}
        onChange={onPage}
        getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('pageN', { n: item }) })}
      />
    </Group>
  );
}

function CreditHistory({
  page,
  filter,
  onPage,
  onFilter,
}: {
  page: number;
  filter: CreditLogFilter;
  onPage: (page: number) => void;
  onFilter: (changes: Record<string, string | undefined>) => void;
}) {
  const { t } = useTranslation('billing');
  const types = useQuery(rewardSettingQueryOptions());
  const log = useQuery({
    ...creditLogQueryOptions(page, filter),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Group mb="md">
        <Select
          label={t('transactionType')}
          data={[
            { value: '', label: t('all') },
            ...(types.data ?? []).map((type) => ({ value: type.id, label: type.title })),
          ]}
          value={filter.type ?? ''}
          onChange={(value) => onFilter({ event: value || undefined })}
          allowDeselect={false}
          w={200}
        />
        <Select
          label={t('direction')}
          data={[
            { value: '', label: t('all') },
            { value: '1', label: t('added') },
            { value: '2', label: t('spent') },
          ]}
          value={filter.direction ?? ''}
          onChange={(value) => onFilter({ direction: value || undefined })}
          allowDeselect={false}
          w={160}
        />
      </Group>
      {!log.data ? (
        <Skeleton height={200} />
      ) : log.data.total === 0 ? (
        <Text c="dimmed" role="status">
          {t('noRecords')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={520}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('date')}</Table.Th>
                  <Table.Th>{t('item')}</Table.Th>
                  <Table.Th>{t('note')}</Table.Th>
                  <Table.Th ta="right">{t('creditsColumn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.created_at}</Table.Td>
                    <Table.Td>{row.title}</Table.Td>
                    <Table.Td>{row.message}</Table.Td>
                    <Table.Td ta="right" fw={600} c={row.quantity < 0 ? 'red.9' : undefined}>
                      {row.quantity > 0 ? `+${row.quantity}` : row.quantity}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pages total={log.data.total} page={page} onPage={onPage} />
        </>
      )}
    </>
  );
}

function PaymentHistory({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('billing');
  const log = useQuery({ ...paymentLogQueryOptions(page), placeholderData: keepPreviousData });
  if (!log.data) return <Skeleton height={200} />;
  if (log.data.total === 0)
    return (
      <Text c="dimmed" role="status">
        {t('noRecords')}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('date')}</Table.Th>
              <Table.Th>{t('orderNumber')}</Table.Th>
              <Table.Th ta="right">{t('creditsColumn')}</Table.Th>
              <Table.Th ta="right">{t('amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.data.map((row) => (
              <Table.Tr key={row.order_no}>
                <Table.Td>{row.created_at}</Table.Td>
                <Table.Td>{row.order_no}</Table.Td>
                <Table.Td ta="right">+{row.quantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.price, row.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pages total={log.data.total} page={page} onPage={onPage} />
    </>
  );
}
