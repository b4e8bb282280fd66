import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLASS_TYPES, WEEKDAY_IDS, type ClassType } from '@portal/shared/catalogue';
import {
  CatalogueCourseBodySchema,
  COURSE_SLOTS_MAX,
  type CatalogueCourse,
  type CatalogueCourseBody,
  type CatalogueCourseBodyInput,
  type CatalogueTeacherOption,
  type CatalogueTree,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { catalogueApi, refreshCatalogue } from '../api';
import { idOf, localName, localTitle, titleOptions } from '../utils/local';
import { CatalogueDialog, CatalogueForm } from './catalogue-dialog';
import { NumberField } from './number-field';

/** The usual size of each class type, filled in when the type is chosen. */
const USUAL_CAPACITY: Record<ClassType, number> = { one_on_one: 1, small_group: 6, group: 20 };

/** The zones the browser knows, and `current` when it is not among them (e.g. "UTC"). */
function zoneOptions(current: string | undefined): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A choice not made yet: the form holds nothing and the schema answers its own message. */
const UNCHOSEN = undefined as unknown as number;

function defaultsOf(course: CatalogueCourse | null): CatalogueCourseBodyInput {
  if (course)
    return {
      levelId: course.levelId,
      classType: course.classType,
      capacity: course.capacity,
      creditsPerLesson: course.creditsPerLesson,
      durationMinutes: course.durationMinutes,
      totalLessons: course.totalLessons,
      isPublic: course.isPublic,
      timeZone: course.timeZone,
      teacherId: course.teacher?.id ?? null,
      slots: course.slots.map((slot) => ({ ...slot })),
    };
  return {
    levelId: UNCHOSEN,
    classType: 'small_group',
    capacity: USUAL_CAPACITY.small_group,
    creditsPerLesson: 1,
    durationMinutes: 45,
    totalLessons: 24,
    isPublic: true,
    timeZone: browserZone(),
    teacherId: null,
    slots: [{ weekday: UNCHOSEN, time: '' }],
  };
}

/** Add (`course` 'new') or edit a course; closed while `course` is null. */
export function CourseDialog({
  course,
  tree,
  teachers,
  onClose,
}: {
  course: CatalogueCourse | 'new' | null;
  tree: CatalogueTree;
  teachers: CatalogueTeacherOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const title =
    course === 'new' || course === null
      ? t('courses.addTitle')
      : t('courses.editTitle', { name: localTitle(course, currentLanguage()) });
  return (
    <CatalogueDialog opened={course !== null} onClose={onClose} title={title}>
      {course !== null && (
        <CourseForm
          key={course === 'new' ? 'new' : course.id}
          course={course === 'new' ? null : course}
          tree={tree}
          teachers={teachers}
          onDone={onClose}
        />
      )}
    </CatalogueDialog>
  );
}

/**
 * A course's settings and weekly times (local weekday and "HH:mm" in the course's zone). The
 * subject only narrows the levels offered; the course's subject is its level's. While children
 * are enrolled the level, zone, duration and times are shown but locked (the server refuses them).
 */
export function CourseForm({
  course,
  tree,
  teachers,
  onDone,
}: {
  course: CatalogueCourse | null;
  tree: CatalogueTree;
  teachers: CatalogueTeacherOption[];
  onDone: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const { t: common } = useTranslation();
  const language = currentLanguage();
  const client = useQueryClient();
  const [subjectId, setSubjectId] = useState<number | null>(course?.subjectId ?? null);
  const form = useForm<CatalogueCourseBodyInput, unknown, CatalogueCourseBody>({
    resolver: zodResolver(CatalogueCourseBodySchema),
    defaultValues: defaultsOf(course),
  });
  const slots = useFieldArray({ control: form.control, name: 'slots' });
  const feedback = useFormFeedback(form, {
    order: [
      'levelId',
      'classType',
      'capacity',
      'creditsPerLesson',
      'durationMinutes',
      'totalLessons',
      'timeZone',
      'teacherId',
      'slots',
    ],
    fieldMessages: {
      courseLevelUnknown: 'levelId',
      courseCapacityOneOnOne: 'capacity',
      courseCapacityInvalid: 'capacity',
      courseCapacityBelowEnrolled: 'capacity',
      courseTimeZoneInvalid: 'timeZone',
      courseTeacherUnknown: 'teacherId',
      courseSlotsOverlap: 'slots',
      courseSlotsRequired: 'slots',
      courseSlotsTooMany: 'slots',
    },
  });
  const save = useMutation({
    mutationFn: (body: CatalogueCourseBody) =>
      course ? catalogueApi.updateCourse(course.id, body) : catalogueApi.createCourse(body),
    onSuccess: async () => {
      feedback.onSuccess(course ? t('saved') : t('courses.created'));
      await refreshCatalogue(client);
      onDone();
    },
    onError: feedback.onError,
  });

  const locked = (course?.enrolled ?? 0) > 0;
  const levels = tree.levels.filter((level) => level.subjectId === subjectId);
  const zones = useMemo(() => zoneOptions(form.formState.defaultValues?.timeZone), [form]);
  const weekdays = WEEKDAY_IDS.map((day) => ({
    value: String(day),
    label: t(`courses.weekdays.${day}`),
  }));
  const { errors } = form.formState;
  const slotsError = errors.slots?.root ?? errors.slots;

  return (
    <CatalogueForm
      alert={feedback.alert}
      onSubmit={feedback.submit((values) => {
        if (!save.isPending) save.mutate(values);
      })}
    >
      {locked && (
        <Alert color="blue" variant="light">
          {t('courses.enrolledLock', { count: course!.enrolled })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('subject')}
          placeholder={t('chooseSubject')}
          data={titleOptions(tree.subjects, language)}
          value={subjectId === null ? null : String(subjectId)}
          onChange={(value) => {
            setSubjectId(idOf(value));
            form.setValue('levelId', UNCHOSEN);
          }}
          allowDeselect={false}
          disabled={locked}
          data-autofocus
        />
        <Controller
          control={form.control}
          name="levelId"
          render={({ field, fieldState }) => (
            <Select
              label={t('courses.level')}
              placeholder={t('courses.chooseLevel')}
              data={titleOptions(levels, language)}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(idOf(value) ?? undefined)}
              onBlur={field.onBlur}
              allowDeselect={false}
              disabled={locked || subjectId === null}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="classType"
          render={({ field, fieldState }) => (
            <Select
              label={t('courses.classType')}
              data={CLASS_TYPES.map((type) => ({
                value: type,
                label: t(`courses.classTypes.${type}`),
              }))}
              value={field.value ?? null}
              onChange={(value) => {
                field.onChange(value ?? undefined);
                if (value) form.setValue('capacity', USUAL_CAPACITY[value as ClassType]);
              }}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <NumberField control={form.control} name="capacity" label={t('courses.capacity')} min={1} />
        <NumberField
          control={form.control}
          name="creditsPerLesson"
          label={t('courses.creditsPerLesson')}
          min={1}
        />
        <NumberField
          control={form.control}
          name="durationMinutes"
          label={t('courses.duration')}
          min={5}
          step={5}
          disabled={locked}
        />
        <NumberField
          control={form.control}
          name="totalLessons"
          label={t('courses.totalLessons')}
          min={1}
        />
        <Controller
          control={form.control}
          name="teacherId"
          render={({ field, fieldState }) => (
            <Select
              label={t('courses.teacher')}
              description={course ? t('courses.teacherHint') : undefined}
              placeholder={t('courses.noTeacher')}
              data={teachers.map((teacher) => ({
                value: String(teacher.id),
                label: localName(teacher, language),
              }))}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(idOf(value))}
              onBlur={field.onBlur}
              clearable
              searchable
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Select
              label={t('courses.timeZone')}
              description={t('courses.timeZoneHint')}
              data={zones}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              searchable
              limit={50}
              allowDeselect={false}
              disabled={locked}
              error={fieldError(fieldState.error)}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="isPublic"
        render={({ field }) => (
          <Switch
            label={t('courses.isPublic')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
      <Input.Wrapper
        label={t('courses.weeklyTimes')}
        labelElement="div"
        error={fieldError(slotsError)}
      >
        <Stack gap="xs" mt={4}>
          {slots.fields.map((slot, index) => (
            <Group key={slot.id} gap="sm" align="flex-start" wrap="nowrap">
              <Controller
                control={form.control}
                name={`slots.${index}.weekday`}
                render={({ field, fieldState }) => (
                  <Select
                    label={t('courses.weekday')}
                    placeholder={t('courses.chooseWeekday')}
                    data={weekdays}
                    value={field.value === undefined ? null : String(field.value)}
                    onChange={(value) => field.onChange(value === null ? undefined : Number(value))}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    disabled={locked}
                    error={fieldError(fieldState.error)}
                    w={180}
                  />
                )}
              />
              <TextInput
                label={t('courses.time')}
                placeholder="18:30"
                disabled={locked}
                {...form.register(`slots.${index}.time`)}
                error={fieldError(errors.slots?.[index]?.time)}
                w={140}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={26}
                aria-label={t('courses.removeTime', { n: index + 1 })}
                disabled={locked || slots.fields.length === 1}
                onClick={() => slots.remove(index)}
              >
                <span aria-hidden="true">×</span>
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="compact-sm"
              disabled={locked || slots.fields.length >= COURSE_SLOTS_MAX}
              onClick={() => slots.append({ weekday: UNCHOSEN, time: '' })}
            >
              {t('courses.addTime')}
            </Button>
          </Group>
        </Stack>
      </Input.Wrapper>
      <DialogActions onCancel={onDone} pending={save.isPending} gap="sm">
        {common('save')}
      </DialogActions>
    </CatalogueForm>
  );
}
