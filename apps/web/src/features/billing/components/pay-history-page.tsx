import {
  Anchor,
  Container,
  Group,
  Pagination,
  Select,
  Skeleton,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Tabs.css';
import { BILLING_PAGE_SIZE } from '@portal/shared/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import {
  creditLogQueryOptions,
  paymentLogQueryOptions,
  rewardSettingQueryOptions,
  type CreditLogFilter,
} from '../api/billing-api';
import { formatMoney } from '../utils/money';
import { Records } from './records';
import { LoadError } from './screen-states';
import { loadFailure } from '@portal/web-kit/list-state';

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
  const failure = loadFailure(log);
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
      {failure !== undefined ? (
        <LoadError error={failure} onRetry={() => void log.refetch()} retrying={log.isFetching} />
      ) : !log.data ? (
        <Skeleton height={200} />
      ) : log.data.total === 0 ? (
        <Text c="dimmed" role="status">
          {t('noRecords')}
        </Text>
      ) : (
        <>
          <Records
            label={t('creditHistory')}
            rows={log.data.data}
            rowKey={(row) => String(row.id)}
            columns={[
              { key: 'date', label: t('date'), cell: (row) => row.created_at },
              {
                key: 'item',
                label: t('item'),
                phone: 'title',
                cell: (row) => (
                  <>
                    {row.title}
                    <Text size="xs" c="dimmed" component="span" display="block">
                      {row.message}
                    </Text>
                  </>
                ),
              },
              {
                // The phone card's figure: the change of the balance, or for a reservation (which
                // changes none) what it does to the credits free to book.
                key: 'change',
                label: t('balanceChange'),
                only: 'phone',
                phone: 'figure',
                cell: (row) => <Signed value={row.quantity || row.available_change} />,
              },
              {
                key: 'credits',
                label: t('balanceChange'),
                align: 'right',
                only: 'wide',
                cell: (row) => <Signed value={row.quantity} />,
              },
              {
                key: 'available',
                label: t('availableChange'),
                align: 'right',
                cell: (row) => <Signed value={row.available_change} />,
              },
              {
                key: 'held',
                label: t('heldChange'),
                align: 'right',
                cell: (row) => <Signed value={row.held_change} />,
              },
              {
                key: 'after',
                label: t('balanceAfter'),
                align: 'right',
                cell: (row) =>
                  t('balanceAfterValue', {
                    balance: row.balance_after,
                    available: row.available_after,
                  }),
              },
            ]}
          />
          <Pages total={log.data.total} page={page} onPage={onPage} />
        </>
      )}
    </>
  );
}

/**
 * A change of credits: "+2", "−2" (a true minus sign), "0" — coloured by direction, in shades
 * that keep 4.5:1 on the page (Mantine's green.9 and dimmed grey do not: axe).
 */
function Signed({ value }: { value: number }) {
  return (
    <Text
      span
      inherit
      fw={600}
      c={value < 0 ? 'red.9' : value > 0 ? 'teal.9' : 'gray.7'}
      style={{ whiteSpace: 'nowrap' }}
    >
      {value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0'}
    </Text>
  );
}

function PaymentHistory({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('billing');
  const log = useQuery({ ...paymentLogQueryOptions(page), placeholderData: keepPreviousData });
  const failure = loadFailure(log);
  if (failure !== undefined)
    return (
      <LoadError error={failure} onRetry={() => void log.refetch()} retrying={log.isFetching} />
    );
  if (!log.data) return <Skeleton height={200} />;
  if (log.data.total === 0)
    return (
      <Text c="dimmed" role="status">
        {t('noRecords')}
      </Text>
    );
  return (
    <>
      <Records
        label={t('paymentHistory')}
        rows={log.data.data}
        rowKey={(row) => row.order_no}
        columns={[
          { key: 'date', label: t('date'), cell: (row) => row.created_at, phone: 'title' },
          { key: 'no', label: t('orderNumber'), cell: (row) => row.order_no },
          {
            key: 'credits',
            label: t('creditsColumn'),
            align: 'right',
            cell: (row) => `+${row.quantity}`,
          },
          {
            key: 'amount',
            label: t('amount'),
            align: 'right',
            phone: 'figure',
            cell: (row) => formatMoney(row.price, row.currency),
          },
        ]}
      />
      <Pages total={log.data.total} page={page} onPage={onPage} />
    </>
  );
}
