import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { CLASS_TYPES } from '@portal/shared/catalogue';
import type {
  CatalogueCourse,
  CatalogueCourseSlot,
  CatalogueTree,
  CatalogueTeacherOption,
} from '@portal/shared/staff';
import { COURSE_STATUSES } from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableTexts } from '../../../components/use-table-texts';
import { currentLanguage } from '../../../lib/i18n';
import { coursesQuery, teacherOptionsQuery } from '../api';
import { idOf, localName, localTitle } from '../utils/local';
import type { CataloguePageSearch } from '../utils/search-params';
import { CourseDialog } from './course-form';
import { RetireDialog } from './retire-dialog';
import { SectionBar, TABLE_LOOK } from './section-parts';
import { SubjectFilter } from './subject-filter';

const PAGE_SIZE = 20;

/** "Mon 18:00, Wed 18:00" in the interface language. */
export function useSlotText() {
  const { t } = useTranslation('catalogue');
  return (slots: CatalogueCourseSlot[]) =>
    slots.map((slot) => `${t(`courses.weekdaysShort.${slot.weekday}`)} ${slot.time}`).join(', ');
}

export function CoursesSection({
  tree,
  search,
  onSearch,
}: {
  tree: CatalogueTree;
  search: CataloguePageSearch;
  onSearch: (
    patch: Partial<
      Record<'subject' | 'teacher' | 'type' | 'status' | 'page', string | number | undefined>
    >,
  ) => void;
}) {
  const { t } = useTranslation('catalogue');
  const tableTexts = useTableTexts();
  const language = currentLanguage();
  const slotText = useSlotText();
  const teachers = useQuery(teacherOptionsQuery());
  const courses = useQuery(
    coursesQuery({
      subjectId: search.subject,
      teacherId: search.teacher,
      classType: search.type,
      status: search.status,
    }),
  );
  const [editing, setEditing] = useState<CatalogueCourse | 'new' | null>(null);
  const [retiring, setRetiring] = useState<CatalogueCourse | null>(null);
  const teacherList: CatalogueTeacherOption[] = teachers.data?.items ?? [];

  return (
    <Stack gap="md">
      <SectionBar
        filters={
          <>
            <SubjectFilter
              tree={tree}
              value={search.subject}
              onChange={(id) => onSearch({ subject: id })}
            />
            <Select
              label={t('courses.teacher')}
              placeholder={t('courses.anyTeacher')}
              data={teacherList.map((teacher) => ({
                value: String(teacher.id),
                label: localName(teacher, language),
              }))}
              value={search.teacher === undefined ? null : String(search.teacher)}
              onChange={(value) => onSearch({ teacher: idOf(value) ?? undefined })}
              clearable
              searchable
              w={200}
            />
            <Select
              label={t('courses.classType')}
              placeholder={t('courses.anyClassType')}
              data={CLASS_TYPES.map((type) => ({
                value: type,
                label: t(`courses.classTypes.${type}`),
              }))}
              value={search.type ?? null}
              onChange={(value) => onSearch({ type: value ?? undefined })}
              clearable
              w={180}
            />
            <Select
              label={t('courses.status')}
              data={COURSE_STATUSES.map((status) => ({
                value: status,
                label: t(`courses.statuses.${status}`),
              }))}
              value={search.status}
              onChange={(value) => onSearch({ status: value ?? undefined })}
              allowDeselect={false}
              w={150}
            />
          </>
        }
      >
        <Button onClick={() => setEditing('new')}>{t('courses.add')}</Button>
      </SectionBar>
      <ListState query={courses}>
        {({ items }) => {
          const page = Math.min(search.page, Math.max(1, Math.ceil(items.length / PAGE_SIZE)));
          return (
            <DataTable<CatalogueCourse>
              {...tableTexts}
              {...TABLE_LOOK}
              noRecordsText={t('courses.empty')}
              minHeight={items.length ? undefined : 160}
              fetching={courses.isFetching}
              records={items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
              totalRecords={items.length}
              recordsPerPage={PAGE_SIZE}
              page={page}
              onPageChange={(next) => onSearch({ page: next })}
              pinLastColumn
              columns={[
                {
                  accessor: 'titleEn',
                  title: t('courses.course'),
                  render: (course) => (
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {localTitle(course, language)}
                      </Text>
                      <Group gap={4}>
                        {course.retiredAt && (
                          <Badge size="xs" color="gray" variant="outline">
                            {t('courses.retired')}
                          </Badge>
                        )}
                        {!course.isPublic && (
                          <Badge size="xs" color="yellow" variant="outline">
                            {t('courses.private')}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  ),
                },
                {
                  accessor: 'classType',
                  title: t('courses.classType'),
                  render: (course) => t(`courses.classTypes.${course.classType}`),
                },
                {
                  accessor: 'teacher',
                  title: t('courses.teacher'),
                  render: (course) =>
                    course.teacher ? localName(course.teacher, language) : t('courses.noTeacher'),
                },
                {
                  accessor: 'slots',
                  title: t('courses.weeklyTimes'),
                  render: (course) => (
                    <Stack gap={0}>
                      <Text size="sm">{slotText(course.slots)}</Text>
                      <Text size="xs" c="gray.7">
                        {course.timeZone}
                      </Text>
                    </Stack>
                  ),
                },
                {
                  accessor: 'enrolled',
                  title: t('courses.places'),
                  render: (course) =>
                    t('courses.placesValue', {
                      enrolled: course.enrolled,
                      capacity: course.capacity,
                    }),
                },
                {
                  accessor: 'creditsPerLesson',
                  title: t('courses.creditsPerLesson'),
                  visibleMediaQuery: '(min-width: 62em)',
                },
                {
                  accessor: 'actions',
                  title: <VisuallyHidden>{t('actions')}</VisuallyHidden>,
                  textAlign: 'right',
                  width: 56,
                  render: (course) => (
                    <CourseMenu
                      course={course}
                      onEdit={() => setEditing(course)}
                      onRetire={() => setRetiring(course)}
                    />
                  ),
                },
              ]}
            />
          );
        }}
      </ListState>
      <CourseDialog
        course={editing}
        tree={tree}
        teachers={teacherList}
        onClose={() => setEditing(null)}
      />
      <RetireDialog course={retiring} onClose={() => setRetiring(null)} />
    </Stack>
  );
}

function CourseMenu({
  course,
  onEdit,
  onRetire,
}: {
  course: CatalogueCourse;
  onEdit: () => void;
  onRetire: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const name = localTitle(course, currentLanguage());
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actionsFor', { name })}>
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit} disabled={course.retiredAt !== null}>
          {t('edit')}
        </Menu.Item>
        <Menu.Item color="red.8" onClick={onRetire} disabled={course.retiredAt !== null}>
          {t('courses.retire')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
