import { Select, type SelectProps } from '@mantine/core';
import type { CatalogueCourse, TeacherSummary } from '@portal/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { coursesQuery, teachersQuery } from '../api';
import { formatSlots } from '../utils/dates';

/** A teacher's name in the interface language. */
export function teacherName(teacher: Pick<TeacherSummary, 'nameEn' | 'nameZh'>): string {
  return currentLanguage() === 'zh_CN' ? teacher.nameZh : teacher.nameEn;
}

/**
 * A teacher picker over GET /api/ops/teachers (value: `teacherSn`); `exclude` leaves some out
 * (the teacher being replaced). Disabled members are not offered: they cannot sign in to teach.
 */
export function TeacherSelect({
  exclude = [],
  ...props
}: Omit<SelectProps, 'data'> & { exclude?: readonly string[] }) {
  const { t } = useTranslation('timetable');
  const teachers = useQuery(teachersQuery());
  const data = (teachers.data?.teachers ?? [])
    .filter((teacher) => teacher.status !== 'disabled' && !exclude.includes(teacher.teacherSn))
    .map((teacher) => ({ value: teacher.teacherSn, label: teacherName(teacher) }));
  return (
    <Select
      searchable
      nothingFoundMessage={teachers.isPending ? t('loadingTeachers') : t('noTeacher')}
      {...props}
      data={data}
    />
  );
}

/** A course's title ("Subject · Level") in the interface language. */
export function courseTitle(course: Pick<CatalogueCourse, 'titleEn' | 'titleZh'>): string {
  return currentLanguage() === 'zh_CN' ? course.titleZh : course.titleEn;
}

/** The catalogue's course with this id, once loaded. */
export function useCourse(courseId: number | undefined): CatalogueCourse | undefined {
  const courses = useQuery(coursesQuery());
  return courses.data?.items.find((course) => course.id === courseId);
}

/**
 * A course picker over the catalogue (value: the course id as text). `openOnly` offers only
 * courses that take enrolments (not retired); otherwise retired ones are marked.
 */
export function CourseSelect({
  openOnly = false,
  ...props
}: Omit<SelectProps, 'data'> & { openOnly?: boolean }) {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  const courses = useQuery(coursesQuery());
  const data = (courses.data?.items ?? [])
    .filter((course) => !openOnly || course.retiredAt === null)
    .map((course) => {
      // Courses of one subject and level differ by their slots: both name the option.
      const title = t('courseOption', {
        title: courseTitle(course),
        slots: formatSlots(course.slots, language),
      });
      return {
        value: String(course.id),
        label: course.retiredAt === null ? title : t('retiredCourse', { title }),
      };
    });
  return (
    <Select
      searchable
      nothingFoundMessage={courses.isPending ? t('loadingCourses') : t('noCourse')}
      {...props}
      data={data}
    />
  );
}
