import { Alert, Button, Stack, Text } from '@mantine/core';
import type { TodayClass } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { timeDiff, timeZoneLabel } from '@portal/web-kit/time';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { todayQuery } from '../api';
import { formatDay, timeOf } from '../utils/dates';
import { CancelledBadge, StateBadge } from './status-badges';
import { TeacherCell } from './teacher-cell';
import { TimetableHeader } from './timetable-header';

/**
 * `/timetable/today` (`schedule.manage`): today's classes on the school's calendar, refreshed
 * every half minute, with a visible "teacher late" flag when the teacher has not entered the
 * room 3 minutes after the start.
 */
export function TodayPage() {
  const { t } = useTranslation('timetable');
  useDocumentTitle(t('today.title'));
  const language = currentLanguage();
  const today = useQuery(todayQuery());
  const late = today.data?.classes.filter((row) => row.late && !row.cancelled).length ?? 0;

  return (
    <Stack gap="md">
      <TimetableHeader
        title={t('today.title')}
        intro={
          today.data
            ? t('today.intro', {
                day: formatDay(today.data.date, language),
                zone: today.data.timeZone,
                yours: timeZoneLabel(timeDiff()),
              })
            : undefined
        }
      />
      {late > 0 && (
        <Alert
          color="red"
          variant="light"
          role="status"
          title={t('today.lateAlert', { count: late })}
        >
          {t('today.lateHint')}
        </Alert>
      )}
      {today.isError && !today.data ? (
        <Alert color="yellow" variant="light" title={t('today.failed')}>
          <Button variant="light" onClick={() => void today.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <DataTable<TodayClass>
          withTableBorder
          borderRadius="md"
          minHeight={today.data?.classes.length ? undefined : 180}
          verticalSpacing="sm"
          fetching={today.isFetching && !today.data}
          records={today.data?.classes ?? []}
          noRecordsText={t('today.none')}
          idAccessor="lessonSn"
          rowBackgroundColor={(row) => (row.late && !row.cancelled ? 'red.0' : undefined)}
          columns={[
            {
              accessor: 'startsAt',
              title: t('columns.time'),
              noWrap: true,
              render: (row) => `${timeOf(row.startsAt)}–${timeOf(row.endsAt)}`,
            },
            { accessor: 'courseTitle', title: t('columns.course') },
            {
              accessor: 'teacher',
              title: t('columns.teacher'),
              render: (row) => <TeacherCell row={row} />,
            },
            {
              accessor: 'teacherEnteredAt',
              title: t('columns.teacherEntry'),
              render: (row) => <TeacherEntry row={row} />,
            },
            {
              accessor: 'children',
              title: t('columns.childrenIn'),
              render: (row) =>
                t('today.entered', {
                  entered: row.children.filter((child) => child.entered).length,
                  count: row.children.length,
                }),
            },
            {
              accessor: 'cancelled',
              title: t('columns.state'),
              render: (row) =>
                row.cancelled ? <CancelledBadge reason={row.cancelReason} /> : null,
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** When the teacher entered, "late" (visible, not only coloured), or still to come. */
function TeacherEntry({ row }: { row: TodayClass }) {
  const { t } = useTranslation('timetable');
  if (row.cancelled) return null;
  if (row.late)
    return (
      <Stack gap={2} align="flex-start">
        <StateBadge color="red">{t('today.late')}</StateBadge>
        {row.teacherEnteredAt && (
          <Text size="xs">{t('today.enteredAt', { time: timeOf(row.teacherEnteredAt) })}</Text>
        )}
      </Stack>
    );
  if (row.teacherEnteredAt)
    return (
      <StateBadge color="green">
        {t('today.enteredAt', { time: timeOf(row.teacherEnteredAt) })}
      </StateBadge>
    );
  return (
    <Text size="sm" c="gray.7">
      {t('today.notYet')}
    </Text>
  );
}
