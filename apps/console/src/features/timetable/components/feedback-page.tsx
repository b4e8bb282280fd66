import { BarChart } from '@mantine/charts';
import { Alert, Button, Card, Group, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import type { FeedbackItem } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { useTableTexts } from '../../../components/use-table-texts';
import { formatDateTime, LOCALE } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { feedbackQuery } from '../api';
import { formatMonth } from '../utils/dates';
import { useFeedbackSearch } from '../utils/search-params';
import { CourseSelect, TeacherSelect } from './pickers';
import { TimetableHeader } from './timetable-header';

const PAGE_SIZES = [20, 50, 100];

/**
 * `/timetable/feedback` (`schedule.manage`): parents' ratings (half stars) and comments, by
 * teacher, course and days; the average and count of every match, by month, and the list.
 */
export function FeedbackPage() {
  const { t } = useTranslation('timetable');
  useDocumentTitle(t('feedback.title'));
  const language = currentLanguage();
  const tableTexts = useTableTexts();
  const { query, update, clear } = useFeedbackSearch();
  const feedback = useQuery(feedbackQuery(query));
  const [range, setRange] = useState<DatesRangeValue<string>>([
    query.from ?? null,
    query.to ?? null,
  ]);
  const filtered = Boolean(query.teacherSn || query.courseId || query.from);
  const stars = (value: number) =>
    new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 2 }).format(value);
  const data = feedback.data;
  const months = (data?.byMonth ?? []).map((month) => ({
    month: formatMonth(month.month, language),
    average: month.average,
    count: month.count,
  }));

  return (
    <Stack gap="md">
      <TimetableHeader title={t('feedback.title')} intro={t('feedback.intro')} />
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TeacherSelect
          label={t('filters.teacher')}
          placeholder={t('filters.any')}
          clearable
          value={query.teacherSn ?? null}
          onChange={(value) => update({ teacherSn: value ?? undefined })}
          w={200}
        />
        <CourseSelect
          label={t('filters.course')}
          placeholder={t('filters.any')}
          clearable
          value={query.courseId ? String(query.courseId) : null}
          onChange={(value) => update({ courseId: value ?? undefined })}
          w={280}
        />
        <DateRangeFilter
          label={t('feedback.dates')}
          placeholder={t('filters.anyDate')}
          value={range}
          onChange={setRange}
          onRange={(from, to) => update({ from, to })}
          w={240}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              setRange([null, null]);
              clear();
            }}
          >
            {t('filters.clear')}
          </Button>
        )}
      </Group>
      {feedback.isError && !data ? (
        <Alert color="yellow" variant="light" title={t('feedback.failed')}>
          <Button variant="light" onClick={() => void feedback.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Card withBorder radius="md" padding="lg">
              <Text size="sm" c="gray.7">
                {t('feedback.average')}
              </Text>
              {data && data.average !== null ? (
                <Group gap="sm" align="center">
                  <Text fz={32} fw={700} data-testid="feedback-average">
                    {stars(data.average)}
                  </Text>
                  <Rating value={data.average} fractions={4} readOnly aria-hidden />
                </Group>
              ) : (
                <Text fz={32} fw={700}>
                  {t('none')}
                </Text>
              )}
              <Text size="sm">{t('feedback.count', { count: data?.count ?? 0 })}</Text>
            </Card>
            <Card withBorder radius="md" padding="lg" style={{ gridColumn: 'span 2' }}>
              <Title order={2} size="h5" mb="sm">
                {t('feedback.byMonth')}
              </Title>
              {months.length === 0 ? (
                <Text size="sm" c="gray.7">
                  {t('feedback.none')}
                </Text>
              ) : (
                <BarChart
                  h={200}
                  data={months}
                  dataKey="month"
                  yAxisProps={{ domain: [0, 5] }}
                  series={[{ name: 'average', label: t('feedback.average'), color: 'yellow.6' }]}
                  valueFormatter={stars}
                  aria-label={t('feedback.byMonth')}
                />
              )}
            </Card>
          </SimpleGrid>
          <DataTable<FeedbackItem>
            {...tableTexts}
            withTableBorder
            borderRadius="md"
            striped
            minHeight={data?.items.length ? undefined : 160}
            verticalSpacing="sm"
            fetching={feedback.isFetching}
            records={data?.items ?? []}
            totalRecords={data?.total ?? 0}
            recordsPerPage={query.pageSize}
            page={query.page}
            onPageChange={(page) => update({ page })}
            recordsPerPageOptions={PAGE_SIZES}
            onRecordsPerPageChange={(pageSize) => update({ pageSize })}
            recordsPerPageLabel={t('perPage')}
            noRecordsText={t('feedback.none')}
            idAccessor="lessonSn"
            columns={[
              {
                accessor: 'startsAt',
                title: t('columns.lesson'),
                render: (row) => (
                  <Stack gap={0}>
                    <Text size="sm">{row.courseTitle}</Text>
                    <Text size="xs" c="gray.7">
                      {formatDateTime(row.startsAt, language)}
                    </Text>
                  </Stack>
                ),
              },
              {
                accessor: 'teacherName',
                title: t('columns.teacher'),
                render: (row) => row.teacherName ?? t('none'),
              },
              { accessor: 'nickname', title: t('columns.child') },
              {
                accessor: 'rating',
                title: t('columns.rating'),
                noWrap: true,
                render: (row) => (
                  <Group gap={6} wrap="nowrap">
                    <Rating value={row.rating} fractions={2} readOnly size="sm" aria-hidden />
                    <Text size="sm">{t('feedback.stars', { value: stars(row.rating) })}</Text>
                  </Group>
                ),
              },
              {
                accessor: 'comment',
                title: t('columns.comment'),
                render: (row) => row.comment || t('none'),
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
