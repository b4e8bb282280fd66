import { Button, Container, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountLayout } from '../../../components/layout/account-layout';
import { useDocumentTitle } from '../../../components/use-document-title';
import { currentLanguage } from '../../../lib/i18n';
import { lessonLogPage } from '../api/billing-api';

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

  return (
    <AccountLayout>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-end" mb="lg">
          <Title order={1}>{t('statementTitle')}</Title>
          <MonthPickerInput
            label={t('month')}
            placeholder={t('pickMonth')}
            value={month ? `${month}-01` : null}
            onChange={(value) => setParams(value ? { month: dayjs(value).format('YYYY-MM') } : {})}
            maxDate={dayjs().add(3, 'month').format('YYYY-MM-DD')}
            valueFormat="YYYY-MM"
            clearable
            w={180}
          />
        </Group>
        {log.isPending ? (
          <Skeleton height={200} />
        ) : log.isError ? (
          <Text c="red.8" role="alert">
            {t('loadFailed')}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={720}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('colDatetime')}</Table.Th>
                    <Table.Th>{t('colStudent')}</Table.Th>
                    <Table.Th>{t('colClass')}</Table.Th>
                    <Table.Th>{t('colClassType')}</Table.Th>
                    <Table.Th ta="right">{t('colCredit')}</Table.Th>
                    <Table.Th ta="right">{t('colRequired')}</Table.Th>
                    <Table.Th>{t('colStatus')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, index) => (
                    <Table.Tr key={`${row.datetime}-${row.student}-${index}`}>
                      <Table.Td>{row.datetime}</Table.Td>
                      <Table.Td>{row.student}</Table.Td>
                      <Table.Td>{row.class}</Table.Td>
                      <Table.Td>{row.class_type}</Table.Td>
                      <Table.Td ta="right">{row.credit}</Table.Td>
                      <Table.Td ta="right">{row.requried_credit}</Table.Td>
                      <Table.Td>{row.status}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
    </AccountLayout>
  );
}
