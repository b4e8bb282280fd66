import { Button, Container, Group, Skeleton, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { currentLanguage } from '../../../lib/i18n';
import { lessonLogPage } from '../api/billing-api';
import { downloadStatementPdf } from '../api/statement-pdf';
import { Records } from './records';
import { LoadError } from './screen-states';
import { loadFailure } from '@portal/web-kit/list-state';

/**
 * `MonthyuStatement` (spec §2, §4 Lesson log): the lessons of a month with their credits.
 * Changing the month starts again at page 1; when every row is loaded the end message shows.
 * The month is not sent until the parent picks one (the server then shows the current month).
 */
export function MonthlyStatementPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('statementTitle'));
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? undefined;
  const log = useInfiniteQuery({
    queryKey: ['billing', currentLanguage(), 'lesson-log', month ?? ''],
    queryFn: ({ pageParam, signal }) => lessonLogPage(pageParam, month, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.data_info.length, 0) < last.total
        ? pages.length + 1
        : undefined,
  });
  const rows = log.data?.pages.flatMap((page) => page.data_info) ?? [];
  const total = log.data?.pages[0]?.total ?? 0;
  // Issue #25: the chosen month (or the current one) as a PDF made by the server.
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatementPdf(month, t('statementPdfFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const failure = loadFailure(log);
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg">
        <Title order={1}>{t('statementTitle')}</Title>
        <Group align="flex-end" gap="sm">
          <MonthPickerInput
            label={t('monthLabel')}
            placeholder={t('pickMonth')}
            value={month ? `${month}-01` : null}
            onChange={(value) => setParams(value ? { month: dayjs(value).format('YYYY-MM') } : {})}
            maxDate={dayjs().add(3, 'month').format('YYYY-MM-DD')}
            valueFormat="YYYY-MM"
            clearable
            w={180}
          />
          <Button variant="light" loading={downloading} onClick={() => void download()}>
            {t('statementPdfDownload')}
          </Button>
        </Group>
      </Group>
      {failure !== undefined ? (
        <LoadError error={failure} onRetry={() => void log.refetch()} retrying={log.isFetching} />
      ) : log.isPending ? (
        <Skeleton height={200} />
      ) : (
        <>
          {rows.length > 0 && (
            <Records
              label={t('statementTitle')}
              rows={rows}
              rowKey={(row, index) => `${row.datetime}-${row.student}-${index}`}
              columns={[
                { key: 'datetime', label: t('colDatetime'), cell: (row) => row.datetime },
                { key: 'student', label: t('colStudent'), cell: (row) => row.student },
                { key: 'class', label: t('colClass'), cell: (row) => row.class, phone: 'title' },
                { key: 'type', label: t('colClassType'), cell: (row) => row.class_type },
                {
                  key: 'credit',
                  label: t('colCredit'),
                  align: 'right',
                  cell: (row) => row.credit,
                },
                {
                  key: 'required',
                  label: t('colRequired'),
                  align: 'right',
                  cell: (row) => row.requried_credit,
                },
                {
                  key: 'status',
                  label: t('colStatus'),
                  cell: (row) => row.status,
                  phone: 'figure',
                },
              ]}
            />
          )}
          {log.hasNextPage ? (
            <Group justify="center" mt="md">
              <Button
                variant="light"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {t('loadMore')}
              </Button>
            </Group>
          ) : (
            <Text ta="center" c="dimmed" size="sm" mt="md" role="status">
              {total === 0 ? t('noLessonsInMonth') : t('endOfList')}
            </Text>
          )}
        </>
      )}
    </Container>
  );
}
