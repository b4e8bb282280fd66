import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import type { LeaveRequest } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { useTableTexts } from '../../../components/use-table-texts';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-me';
import { leaveRequestsQuery } from '../api';
import { useLeaveSearch } from '../utils/search-params';
import { StateBadge } from './status-badges';
import { TimetableHeader } from './timetable-header';

const PAGE_SIZES = [20, 50, 100];

/**
 * `/timetable/leave-requests` (`schedule.manage`): the leave parents asked for, newest first,
 * with the lesson, the child and whether credits went back; filtered by the day of the request.
 */
export function LeaveRequestsPage() {
  const { t } = useTranslation('timetable');
  useDocumentTitle(t('leave.title'));
  const language = currentLanguage();
  const tableTexts = useTableTexts();
  const { can } = useMe();
  const { query, update, clear } = useLeaveSearch();
  const leave = useQuery(leaveRequestsQuery(query));
  const [range, setRange] = useState<DatesRangeValue<string>>([
    query.from ?? null,
    query.to ?? null,
  ]);

  return (
    <Stack gap="md">
      <TimetableHeader title={t('leave.title')} intro={t('leave.intro')} />
      <Group align="flex-end" gap="xs">
        <DateRangeFilter
          label={t('leave.requested')}
          placeholder={t('filters.anyDate')}
          value={range}
          onChange={setRange}
          onRange={(from, to) => update({ from, to })}
          w={240}
        />
        {query.from && (
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
      {leave.isError && !leave.data ? (
        <Alert color="yellow" variant="light" title={t('leave.failed')}>
          <Button variant="light" onClick={() => void leave.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <DataTable<LeaveRequest>
          {...tableTexts}
          withTableBorder
          borderRadius="md"
          striped
          minHeight={leave.data?.items.length ? undefined : 160}
          verticalSpacing="sm"
          fetching={leave.isFetching}
          records={leave.data?.items ?? []}
          totalRecords={leave.data?.total ?? 0}
          recordsPerPage={query.pageSize}
          page={query.page}
          onPageChange={(page) => update({ page })}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(pageSize) => update({ pageSize })}
          recordsPerPageLabel={t('perPage')}
          noRecordsText={t('leave.none')}
          idAccessor="lessonSn"
          columns={[
            {
              accessor: 'requestedAt',
              title: t('columns.requested'),
              render: (row) => formatDateTime(row.requestedAt, language),
            },
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
              accessor: 'nickname',
              title: t('columns.child'),
              render: (row) => (
                <Stack gap={0}>
                  <Text size="sm">{row.nickname}</Text>
                  {can('families.read') ? (
                    <Anchor component={Link} to={paths.familyOf(row.userSn)} size="xs">
                      {row.parentName || row.userSn}
                    </Anchor>
                  ) : (
                    <Text size="xs" c="gray.7">
                      {row.parentName || row.userSn}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'creditsReturned',
              title: t('columns.creditsReturned'),
              render: (row) =>
                row.creditsReturned > 0 ? (
                  <StateBadge color="green">
                    {t('leave.returned', { count: row.creditsReturned })}
                  </StateBadge>
                ) : (
                  <StateBadge color="gray">{t('leave.notReturned')}</StateBadge>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
