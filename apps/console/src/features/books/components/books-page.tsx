import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Books, BooksCredits, BooksMoney } from '@portal/shared/staff';
import { BOOKS_MONTHS_MAX, monthIndex } from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { useDocumentTitle } from '@portal/web-kit/page';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime, LOCALE } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { booksQuery, downloadBooks, type BooksRange } from '../api';
import { formatMoney, toMajor } from '../../../lib/money';
import { addMonths, formatCount, monthOfDate } from '../utils/format';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The range in the address, else the last six months (this one included). */
function rangeOf(params: URLSearchParams, now: Date): BooksRange {
  const to = params.get('to');
  const from = params.get('from');
  const end = to && MONTH.test(to) ? to : monthOfDate(now);
  const start = from && MONTH.test(from) ? from : addMonths(end, -5);
  return { from: start, to: end };
}

/** What is wrong with a range, as a text key, or nothing. */
function rangeProblem(range: BooksRange): 'rangeInvalid' | 'rangeTooLong' | undefined {
  const span = monthIndex(range.to)! - monthIndex(range.from)!;
  if (span < 0) return 'rangeInvalid';
  if (span >= BOOKS_MONTHS_MAX) return 'rangeTooLong';
  return undefined;
}

/** The school's books (issue #23): money per month and currency, credits, downloads. */
export function BooksPage() {
  const { t } = useTranslation('books');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params, new Date());
  const problem = rangeProblem(range);
  const books = useQuery({
    ...booksQuery(range),
    enabled: !problem,
    placeholderData: keepPreviousData,
  });
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);

  const setMonth = (field: 'from' | 'to', value: string | null) => {
    if (!value) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', range.from);
        next.set('to', range.to);
        next.set(field, value.slice(0, 7));
        return next;
      },
      { replace: true },
    );
  };
  const download = async (kind: 'csv' | 'pdf') => {
    setDownloading(kind);
    try {
      await downloadBooks(kind, range, t('downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text size="sm" c="dimmed" mih={20}>
          {books.data &&
            t('intro', { zone: books.data.timeZone, time: formatDateTime(books.data.asOf) })}
        </Text>
      </Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <MonthPickerInput
          label={t('from')}
          value={`${range.from}-01`}
          onChange={(value) => setMonth('from', value)}
          w={160}
        />
        <MonthPickerInput
          label={t('to')}
          value={`${range.to}-01`}
          onChange={(value) => setMonth('to', value)}
          w={160}
        />
        <Button
          variant="default"
          disabled={Boolean(problem)}
          loading={downloading === 'csv'}
          onClick={() => void download('csv')}
        >
          {t('downloadCsv')}
        </Button>
        <Button
          variant="default"
          disabled={Boolean(problem)}
          loading={downloading === 'pdf'}
          onClick={() => void download('pdf')}
        >
          {t('downloadPdf')}
        </Button>
      </Group>
      {problem ? (
        <Alert color="yellow" role="alert">
          <Text c="dark.8">{t(problem)}</Text>
        </Alert>
      ) : (
        <ListState query={books}>{(data) => <Figures data={data} />}</ListState>
      )}
    </Stack>
  );
}

function Figures({ data }: { data: Books }) {
  const { t } = useTranslation('books');
  const language = currentLanguage();
  const count = (value: number) => formatCount(value, language);
  const chart = {
    h: 260,
    dataKey: 'month',
    withLegend: true,
    legendProps: { verticalAlign: 'bottom', height: 40 },
    tickLine: 'y',
  } as const;

  return (
    <Stack gap="lg">
      {data.currencies.length === 0 ? (
        <Text c="dark.8">{t('noMoney')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: Math.min(2, data.currencies.length) }} spacing="lg">
          {data.currencies.map((currency) => (
            <Card key={currency} withBorder padding="lg" radius="md">
              <Title order={2} size="h4" mb="md">
                {t('revenueChart', { currency })}
              </Title>
              <BarChart
                {...chart}
                data={data.money
                  .filter((row) => row.currency === currency)
                  .map((row) => ({
                    month: row.month,
                    revenue: toMajor(row.revenueMinor, currency),
                    refunds: toMajor(row.refundsMinor, currency),
                  }))}
                // Room for "US$12,345.00" beside the axis (the default width cuts it).
                yAxisProps={{ width: 90 }}
                valueFormatter={(value) =>
                  new Intl.NumberFormat(LOCALE[language], {
                    style: 'currency',
                    currency,
                  }).format(value)
                }
                series={[
                  { name: 'revenue', label: t('revenue'), color: 'teal.7' },
                  { name: 'refunds', label: t('refunds'), color: 'red.6' },
                ]}
              />
            </Card>
          ))}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            {t('creditsChart')}
          </Title>
          <BarChart
            {...chart}
            data={data.credits}
            valueFormatter={count}
            series={[
              { name: 'sold', label: t('sold'), color: 'blue.6' },
              { name: 'consumed', label: t('consumed'), color: 'teal.6' },
              { name: 'takenBack', label: t('takenBack'), color: 'orange.6' },
            ]}
          />
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            {t('outstandingChart')}
          </Title>
          <LineChart
            {...chart}
            data={data.credits}
            valueFormatter={count}
            series={[{ name: 'outstanding', label: t('outstanding'), color: 'indigo.6' }]}
          />
        </Card>
      </SimpleGrid>
      <MoneyTable data={data} />
      <CreditsTable data={data} />
    </Stack>
  );
}

function MoneyTable({ data }: { data: Books }) {
  const { t } = useTranslation('books');
  const language = currentLanguage();
  if (data.currencies.length === 0) return null;
  const money = (minor: number, currency: string) => formatMoney(minor, currency, language);
  const countAmount = (n: number, minor: number, currency: string) =>
    t('countAmount', { count: formatCount(n, language), amount: money(minor, currency) });
  const records: (BooksMoney & { id: string })[] = [
    ...data.money.map((row) => ({ ...row, id: `${row.month}-${row.currency}` })),
    ...data.totals.map((row) => ({ ...row, month: t('total'), id: `total-${row.currency}` })),
  ];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('moneyTable')}
      </Title>
      <DataTable
        aria-label={t('moneyTable')}
        withTableBorder
        borderRadius="md"
        striped
        records={records}
        columns={[
          { accessor: 'month', title: t('month') },
          { accessor: 'currency', title: t('currency') },
          {
            accessor: 'ordersMinor',
            title: t('orders'),
            textAlign: 'right',
            render: (row) => countAmount(row.ordersCount, row.ordersMinor, row.currency),
          },
          {
            accessor: 'renewalsMinor',
            title: t('renewals'),
            textAlign: 'right',
            render: (row) => countAmount(row.renewalsCount, row.renewalsMinor, row.currency),
          },
          {
            accessor: 'refundsMinor',
            title: t('refunds'),
            textAlign: 'right',
            render: (row) => countAmount(row.refundsCount, row.refundsMinor, row.currency),
          },
          {
            accessor: 'revenueMinor',
            title: t('revenue'),
            textAlign: 'right',
            render: (row) => money(row.revenueMinor, row.currency),
          },
        ]}
      />
    </Stack>
  );
}

function CreditsTable({ data }: { data: Books }) {
  const { t } = useTranslation('books');
  const language = currentLanguage();
  const count = (value: number) => formatCount(value, language);
  const column = (accessor: keyof Omit<BooksCredits, 'month'>, title: string) => ({
    accessor,
    title,
    textAlign: 'right' as const,
    render: (row: BooksCredits) => count(row[accessor]),
  });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('creditsTable')}
      </Title>
      <DataTable
        aria-label={t('creditsTable')}
        withTableBorder
        borderRadius="md"
        striped
        idAccessor="month"
        records={data.credits}
        columns={[
          { accessor: 'month', title: t('month') },
          column('sold', t('sold')),
          column('consumed', t('consumed')),
          column('takenBack', t('takenBack')),
          column('restored', t('restored')),
          column('outstanding', t('outstanding')),
          column('membershipsStarted', t('started')),
          column('membershipsEnded', t('ended')),
        ]}
      />
    </Stack>
  );
}
