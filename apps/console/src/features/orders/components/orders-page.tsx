import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  AMOUNT_MAX_MINOR,
  ORDER_STATUSES,
  OrderListQuerySchema,
  PAYMENT_PROVIDERS,
  type OpsOrder,
} from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { useTableTexts } from '../../../components/use-table-texts';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useUrlSearch } from '../../../lib/url-search';
import { attentionQuery, ordersQuery } from '../api';
import { formatMoney, localText } from '../../../lib/money';
import { OrderStatusBadge } from './status-badge';

const PAGE_SIZES = [20, 50, 100];
const SEARCH_DELAY_MS = 350;

/** `/orders`: every order, newest first; the filters live in the URL and the server applies them. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const language = currentLanguage();
  const { query, update, clear } = useUrlSearch(
    OrderListQuerySchema,
    (patch) => !('page' in patch) && 'parent' in patch,
  );
  const orders = useQuery(ordersQuery(query));
  const attention = useQuery(attentionQuery(1, 1));
  const tableTexts = useTableTexts();

  const [text, setText] = useState(query.parent ?? '');
  const search = useDebouncedCallback(
    (parent: string) => update({ parent: parent.trim() }),
    SEARCH_DELAY_MS,
  );
  const [range, setRange] = useState<DatesRangeValue<string>>([
    query.from ?? null,
    query.to ?? null,
  ]);

  const filtered =
    Boolean(query.parent) ||
    Boolean(query.status) ||
    Boolean(query.provider) ||
    Boolean(query.from) ||
    query.minAmount !== undefined ||
    query.maxAmount !== undefined;
  const clearAll = () => {
    search.cancel();
    setText('');
    setRange([null, null]);
    clear();
  };
  const attentionCount = attention.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{t('title')}</Title>
        {attention.data && (
          <Anchor
            component={Link}
            to={paths.paymentAttention}
            fw={600}
            c={attentionCount ? 'red.9' : 'dark.8'}
          >
            {attentionCount ? t('attentionLink', { count: attentionCount }) : t('attentionNone')}
          </Anchor>
        )}
      </Group>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search.cancel();
          update({ parent: text.trim() });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('filters.parent')}
            placeholder={t('filters.parentPlaceholder')}
            type="search"
            value={text}
            maxLength={100}
            onChange={(event) => {
              setText(event.currentTarget.value);
              search(event.currentTarget.value);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Select
            label={t('filters.status')}
            placeholder={t('filters.any')}
            data={ORDER_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            value={query.status ?? null}
            onChange={(value) => update({ status: value ?? undefined })}
            clearable
            w={140}
          />
          <Select
            label={t('filters.provider')}
            placeholder={t('filters.any')}
            data={PAYMENT_PROVIDERS.map((value) => ({ value, label: t(`providers.${value}`) }))}
            value={query.provider ?? null}
            onChange={(value) => update({ provider: value ?? undefined })}
            clearable
            w={150}
          />
          <DateRangeFilter
            label={t('filters.created')}
            placeholder={t('filters.createdPlaceholder')}
            value={range}
            onChange={setRange}
            onRange={(from, to) => update({ from, to })}
            w={220}
          />
          <NumberInput
            label={t('filters.minAmount')}
            value={query.minAmount ?? ''}
            min={0}
            max={AMOUNT_MAX_MINOR}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => update({ minAmount: value === '' ? undefined : Number(value) })}
            w={170}
          />
          <NumberInput
            label={t('filters.maxAmount')}
            value={query.maxAmount ?? ''}
            min={0}
            max={AMOUNT_MAX_MINOR}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => update({ maxAmount: value === '' ? undefined : Number(value) })}
            w={170}
          />
          {filtered && (
            <Button variant="subtle" onClick={clearAll}>
              {t('filters.clear')}
            </Button>
          )}
        </Group>
      </form>
      {orders.isError && !orders.data ? (
        <Alert color="yellow" variant="light" title={t('loadFailed')}>
          <Button variant="light" onClick={() => void orders.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <DataTable<OpsOrder>
          aria-label={t('table.caption')}
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          minHeight={orders.data?.items.length ? undefined : 220}
          idAccessor="orderNo"
          records={orders.data?.items ?? []}
          fetching={orders.isFetching}
          totalRecords={orders.data?.total ?? 0}
          page={query.page}
          onPageChange={(page) => update({ page })}
          recordsPerPage={query.pageSize}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(pageSize) => update({ pageSize })}
          recordsPerPageLabel={t('table.perPage')}
          {...tableTexts}
          noRecordsText={t('table.empty')}
          onRowClick={({ record }) => void navigate(paths.orderOf(record.orderNo))}
          columns={[
            {
              accessor: 'orderNo',
              title: t('columns.orderNo'),
              noWrap: true,
              render: (order) => (
                <Anchor
                  component={Link}
                  to={paths.orderOf(order.orderNo)}
                  ff="monospace"
                  fw={600}
                  onClick={(event) => event.stopPropagation()}
                >
                  {order.orderNo}
                </Anchor>
              ),
            },
            {
              accessor: 'createdAt',
              title: t('columns.created'),
              noWrap: true,
              render: (order) => formatDateTime(order.createdAt, language),
            },
            {
              accessor: 'parent',
              title: t('columns.parent'),
              render: (order) => (
                <Stack gap={0}>
                  <Text size="sm">{order.parent.name || t('noName')}</Text>
                  <Text size="xs" c="gray.7">
                    {order.parent.userSn}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'title',
              title: t('columns.item'),
              render: (order) => (
                <Stack gap={0}>
                  <Text size="sm">{localText(order.title, language)}</Text>
                  <Text size="xs" c="gray.7">
                    {t(`kinds.${order.kind}`)}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'amount',
              title: t('columns.amount'),
              textAlign: 'right',
              noWrap: true,
              render: (order) => formatMoney(order.amount, order.currency, language),
            },
            {
              accessor: 'refunded',
              title: t('columns.refunded'),
              textAlign: 'right',
              noWrap: true,
              render: (order) =>
                order.refunded ? formatMoney(order.refunded, order.currency, language) : '',
            },
            {
              accessor: 'status',
              title: t('columns.status'),
              render: (order) => <OrderStatusBadge status={order.status} />,
            },
            {
              accessor: 'provider',
              title: t('columns.provider'),
              render: (order) =>
                order.provider === 'local' || order.provider === 'stripe'
                  ? t(`providers.${order.provider}`)
                  : order.provider,
            },
          ]}
        />
      )}
    </Stack>
  );
}
