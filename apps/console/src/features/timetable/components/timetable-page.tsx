import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Menu,
  Stack,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { ClassRow } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { timeDiff, timeZoneLabel } from '@portal/web-kit/time';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { classesQuery } from '../api';
import { useNow } from '../../../lib/use-now';
import { addDays, formatClassTime, formatWeek, mondayOf, today } from '../utils/dates';
import { useWeekSearch } from '../utils/search-params';
import { AttendanceDialog } from './attendance-dialog';
import { CancelClassDialog } from './cancel-class-dialog';
import { MoveClassDialog } from './move-class-dialog';
import { MoveFollowingDialog } from './move-following-dialog';
import { CourseSelect, TeacherSelect } from './pickers';
import { CancelledBadge, StateBadge } from './status-badges';
import { SubstituteDialog } from './substitute-dialog';
import { TeacherCell } from './teacher-cell';
import { TimetableHeader } from './timetable-header';

type ClassAction = 'cancel' | 'move' | 'move-following' | 'substitute' | 'attendance';

/** `/timetable` (`schedule.manage`): the classes of a week, each with its changes. */
export function TimetablePage() {
  const { t } = useTranslation('timetable');
  useDocumentTitle(t('week.title'));
  const language = currentLanguage();
  const { query, update } = useWeekSearch();
  const monday = mondayOf(query.week ?? today());
  const classes = useQuery(
    classesQuery({
      from: monday,
      to: addDays(monday, 6),
      courseId: query.courseId,
      teacherSn: query.teacherSn,
    }),
  );
  const [acting, setActing] = useState<{ action: ClassAction; row: ClassRow } | null>(null);
  const close = () => setActing(null);
  const rowFor = (action: ClassAction) => (acting?.action === action ? acting.row : null);
  const filtered = Boolean(query.courseId || query.teacherSn);

  return (
    <Stack gap="md">
      <TimetableHeader
        title={t('week.title')}
        intro={t('yourZone', { zone: timeZoneLabel(timeDiff()) })}
      />
      <Group align="flex-end" gap="xs" wrap="wrap">
        <DatePickerInput
          label={t('week.week')}
          value={monday}
          onChange={(day) => update({ week: day ? mondayOf(day) : undefined })}
          valueFormatter={() => formatWeek(monday, language)}
          w={240}
        />
        <Button variant="default" onClick={() => update({ week: addDays(monday, -7) })}>
          {t('week.previous')}
        </Button>
        <Button variant="default" onClick={() => update({ week: undefined })}>
          {t('week.current')}
        </Button>
        <Button variant="default" onClick={() => update({ week: addDays(monday, 7) })}>
          {t('week.next')}
        </Button>
        <CourseSelect
          label={t('filters.course')}
          placeholder={t('filters.any')}
          clearable
          value={query.courseId ? String(query.courseId) : null}
          onChange={(value) => update({ courseId: value ?? undefined })}
          w={280}
        />
        <TeacherSelect
          label={t('filters.teacher')}
          placeholder={t('filters.any')}
          clearable
          value={query.teacherSn ?? null}
          onChange={(value) => update({ teacherSn: value ?? undefined })}
          w={200}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => update({ courseId: undefined, teacherSn: undefined })}
          >
            {t('filters.clear')}
          </Button>
        )}
      </Group>
      {classes.isError && !classes.data ? (
        <Alert color="yellow" variant="light" title={t('week.failed')}>
          <Button variant="light" onClick={() => void classes.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <DataTable<ClassRow>
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          minHeight={classes.data?.classes.length ? undefined : 180}
          verticalSpacing="sm"
          fetching={classes.isFetching}
          records={classes.data?.classes ?? []}
          noRecordsText={t('week.none')}
          idAccessor="lessonSn"
          pinLastColumn
          columns={[
            {
              accessor: 'startsAt',
              title: t('columns.when'),
              noWrap: true,
              render: (row) => formatClassTime(row.startsAt, row.endsAt, language),
            },
            {
              accessor: 'courseTitle',
              title: t('columns.course'),
              render: (row) => (
                <Anchor component={Link} to={paths.timetableCourseOf(row.courseId)} size="sm">
                  {row.courseTitle}
                </Anchor>
              ),
            },
            {
              accessor: 'teacher',
              title: t('columns.teacher'),
              render: (row) => <TeacherCell row={row} />,
            },
            {
              accessor: 'children',
              title: t('columns.children'),
              render: (row) =>
                row.children.length
                  ? row.children.map((child) => child.nickname).join(', ')
                  : t('none'),
            },
            {
              accessor: 'cancelled',
              title: t('columns.state'),
              render: (row) =>
                row.cancelled ? (
                  <CancelledBadge reason={row.cancelReason} />
                ) : (
                  <StateBadge color="green">{t('scheduled')}</StateBadge>
                ),
            },
            {
              accessor: 'actions',
              title: <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>,
              textAlign: 'right',
              width: 56,
              render: (row) => (
                <ClassMenu row={row} onAction={(action) => setActing({ action, row })} />
              ),
            },
          ]}
        />
      )}
      <CancelClassDialog row={rowFor('cancel')} onClose={close} />
      <MoveClassDialog row={rowFor('move')} onClose={close} />
      <MoveFollowingDialog row={rowFor('move-following')} onClose={close} />
      <SubstituteDialog row={rowFor('substitute')} onClose={close} />
      <AttendanceDialog row={rowFor('attendance')} onClose={close} />
    </Stack>
  );
}

/**
 * A class's changes. A cancelled class takes none; a class that has started can no longer be
 * cancelled, moved or covered (the server refuses a start in the past), only marked.
 */
function ClassMenu({ row, onAction }: { row: ClassRow; onAction: (action: ClassAction) => void }) {
  const { t } = useTranslation('timetable');
  const now = useNow();
  const started = Date.parse(row.startsAt) <= now;
  const open = !row.cancelled && row.children.length > 0;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actionsFor', {
            course: row.courseTitle,
            when: formatClassTime(row.startsAt, row.endsAt, currentLanguage()),
          })}
        >
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled={!open || started} onClick={() => onAction('move')}>
          {t('actions.move')}
        </Menu.Item>
        <Menu.Item disabled={!open || started} onClick={() => onAction('move-following')}>
          {t('actions.moveFollowing')}
        </Menu.Item>
        <Menu.Item disabled={!open || started} onClick={() => onAction('substitute')}>
          {t('actions.substitute')}
        </Menu.Item>
        <Menu.Item disabled={!open || !started} onClick={() => onAction('attendance')}>
          {t('actions.attendance')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.8" disabled={!open || started} onClick={() => onAction('cancel')}>
          {t('actions.cancel')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
