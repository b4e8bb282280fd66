import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { CatalogueCourse } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { coursesQuery } from '../api';
import { formatSlots } from '../utils/dates';
import { courseTitle } from './pickers';
import { StateBadge } from './status-badges';
import { TimetableHeader } from './timetable-header';

/** Open courses first, then retired ones; by title within each. */
const byState = (a: CatalogueCourse, b: CatalogueCourse) =>
  Number(a.retiredAt !== null) - Number(b.retiredAt !== null) ||
  courseTitle(a).localeCompare(courseTitle(b));

/**
 * `/timetable/courses` (`schedule.manage`): every course with its places, each opening its
 * enrolments (the catalogue feature edits the courses themselves).
 */
export function CoursesPage() {
  const { t } = useTranslation('timetable');
  useDocumentTitle(t('courses.title'));
  const language = currentLanguage();
  const courses = useQuery(coursesQuery());
  const records = [...(courses.data?.items ?? [])].sort(byState);
  return (
    <Stack gap="md">
      <TimetableHeader title={t('courses.title')} intro={t('courses.intro')} />
      {courses.isError && !courses.data ? (
        <Alert color="yellow" variant="light" title={t('courses.failed')}>
          <Button variant="light" onClick={() => void courses.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <DataTable<CatalogueCourse>
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          minHeight={records.length ? undefined : 160}
          verticalSpacing="sm"
          fetching={courses.isFetching && !courses.data}
          records={records}
          noRecordsText={t('courses.none')}
          columns={[
            {
              accessor: 'titleEn',
              title: t('columns.course'),
              render: (course) => (
                <Anchor component={Link} to={paths.timetableCourseOf(course.id)} size="sm">
                  {courseTitle(course)}
                </Anchor>
              ),
            },
            {
              accessor: 'teacher',
              title: t('columns.teacher'),
              render: (course) =>
                course.teacher
                  ? language === 'zh_CN'
                    ? course.teacher.nameZh
                    : course.teacher.nameEn
                  : t('noTeacherYet'),
            },
            {
              accessor: 'slots',
              title: t('columns.slots'),
              render: (course) => (
                <Stack gap={0}>
                  <Text size="sm">{formatSlots(course.slots, language)}</Text>
                  <Text size="xs" c="gray.7">
                    {course.timeZone}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'enrolled',
              title: t('columns.places'),
              render: (course) =>
                t('course.places', { running: course.enrolled, capacity: course.capacity }),
            },
            {
              accessor: 'retiredAt',
              title: t('columns.state'),
              render: (course) =>
                course.retiredAt ? (
                  <StateBadge color="gray">{t('course.retired')}</StateBadge>
                ) : course.enrolled >= course.capacity ? (
                  <StateBadge color="orange">{t('course.full')}</StateBadge>
                ) : (
                  <StateBadge color="green">{t('course.open')}</StateBadge>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
