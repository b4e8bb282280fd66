import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { CourseEnrollment } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-me';
import { courseEnrollmentsQuery } from '../api';
import { formatSlots } from '../utils/dates';
import { EndEnrolmentDialog } from './end-enrolment-dialog';
import { EnrolDialog } from './enrol-dialog';
import { courseTitle, useCourse } from './pickers';
import { StateBadge } from './status-badges';

/**
 * `/timetable/courses/:courseId` (`schedule.manage`): a course's places and enrolments; enrol a
 * child (with a preview of the lessons) or end an enrolment (with a preview of what it cancels).
 */
export function CourseEnrolmentsPage() {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  const { can } = useMe();
  const { courseId: param = '' } = useParams();
  const courseId = Number(param);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const list = useQuery({ ...courseEnrollmentsQuery(courseId), enabled: valid });
  const course = useCourse(valid ? courseId : undefined);
  const title = course ? courseTitle(course) : t('course.fallbackTitle', { id: param });
  useDocumentTitle(title);
  const [enrolling, setEnrolling] = useState(false);
  const [ending, setEnding] = useState<CourseEnrollment | null>(null);
  const data = list.data;
  const full = data ? data.running >= data.capacity : false;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.timetableCourses} size="sm">
          ← {t('course.back')}
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={1}>{title}</Title>
              {data?.retired && <StateBadge color="gray">{t('course.retired')}</StateBadge>}
              {data && !data.retired && full && (
                <StateBadge color="orange">{t('course.full')}</StateBadge>
              )}
            </Group>
            {course && (
              <Text size="sm" c="gray.7">
                {t('course.facts', {
                  teacher: course.teacher
                    ? language === 'zh_CN'
                      ? course.teacher.nameZh
                      : course.teacher.nameEn
                    : t('noTeacherYet'),
                  slots: formatSlots(course.slots, language),
                  zone: course.timeZone,
                })}
              </Text>
            )}
          </Stack>
          <Button onClick={() => setEnrolling(true)} disabled={!data || data.retired || full}>
            {t('course.enrol')}
          </Button>
        </Group>
        {data && (
          <Text size="sm" fw={600} data-testid="course-places">
            {t('course.places', { running: data.running, capacity: data.capacity })}
          </Text>
        )}
      </Stack>
      {!valid || (list.isError && !data) ? (
        <Alert color="yellow" variant="light" title={t('course.failed')}>
          {valid && (
            <Button variant="light" onClick={() => void list.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          )}
        </Alert>
      ) : (
        <DataTable<CourseEnrollment>
          withTableBorder
          borderRadius="md"
          striped
          minHeight={data?.enrollments.length ? undefined : 160}
          verticalSpacing="sm"
          fetching={list.isFetching}
          records={data?.enrollments ?? []}
          noRecordsText={t('course.none')}
          idAccessor="enrollmentSn"
          columns={[
            {
              accessor: 'nickname',
              title: t('columns.child'),
              render: (row) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {row.nickname}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {row.studentSn}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'parentName',
              title: t('columns.family'),
              render: (row) =>
                can('families.read') ? (
                  <Anchor component={Link} to={paths.familyOf(row.userSn)} size="sm">
                    {row.parentName || row.userSn}
                  </Anchor>
                ) : (
                  row.parentName || row.userSn
                ),
            },
            {
              accessor: 'startsAt',
              title: t('columns.started'),
              render: (row) => formatDateTime(row.startsAt, language),
            },
            {
              accessor: 'lessonsDone',
              title: t('columns.progress'),
              render: (row) =>
                t('course.progress', { done: row.lessonsDone, total: row.lessonsTotal }),
            },
            {
              accessor: 'endedAt',
              title: t('columns.state'),
              render: (row) =>
                row.endedAt ? (
                  <StateBadge color="gray">
                    {t('course.ended', { date: formatDateTime(row.endedAt, language) })}
                  </StateBadge>
                ) : (
                  <StateBadge color="green">{t('course.running')}</StateBadge>
                ),
            },
            {
              accessor: 'actions',
              title: t('columns.actions'),
              textAlign: 'right',
              render: (row) =>
                row.endedAt ? null : (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red.8"
                    onClick={() => setEnding(row)}
                    aria-label={t('end.actionFor', { name: row.nickname })}
                  >
                    {t('end.action')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      {valid && (
        <EnrolDialog opened={enrolling} onClose={() => setEnrolling(false)} courseId={courseId} />
      )}
      <EndEnrolmentDialog enrollment={ending} onClose={() => setEnding(null)} />
    </Stack>
  );
}
