import { Alert, Button, Group, List, Select, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  EnrollmentBodySchema,
  type EnrollmentBody,
  type EnrollmentPreview,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { afterLessonChange, familyChildrenQuery, timetableApi } from '../api';
import { formatDay, formatSlots, today } from '../utils/dates';
import { schemaResolver } from '../utils/schema-resolver';
import { ActionForm } from './action-form';
import { FamilyPicker } from './family-picker';
import { CourseSelect, courseTitle, useCourse } from './pickers';

/** The form as its fields hold it; the body is EnrollmentBodySchema's. */
interface Values {
  userSn: string;
  studentSn: string;
  courseId: string;
  startWeek: string;
}

/** The fields as the route's body (the course picker holds the id as text). */
const bodyOf = (values: Values): EnrollmentBody => ({
  userSn: values.userSn,
  studentSn: values.studentSn,
  courseId: values.courseId === '' ? Number.NaN : Number(values.courseId),
  startWeek: values.startWeek,
});

export interface EnrolDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The family and child, when opened from the child's row on the family's page. */
  child?: { userSn: string; studentSn: string; nickname: string };
  /** The course, when opened from the course's page. */
  courseId?: number;
}

/**
 * Enrols a child in a course: the family (searched) and child, the course, the first week,
 * then a preview of the lessons the generator will make (the server's own plan: dates and times
 * in the parent's zone, credits, the balance or plan that covers them, a full course or
 * conflicts), and only then the enrolment.
 */
export function EnrolDialog({ opened, onClose, ...preset }: EnrolDialogProps) {
  const { t } = useTranslation('timetable');
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      size="lg"
      title={preset.child ? t('enrol.titleFor', { name: preset.child.nickname }) : t('enrol.title')}
    >
      {/* Mounted while open: each opening starts a new enrolment. */}
      <EnrolForm {...preset} onClose={onClose} />
    </Dialog>
  );
}

function EnrolForm({
  child: presetChild,
  courseId: presetCourse,
  onClose,
}: Omit<EnrolDialogProps, 'opened'>) {
  const { t } = useTranslation('timetable');
  const client = useQueryClient();
  const form = useForm<Values>({
    resolver: schemaResolver(EnrollmentBodySchema, {
      toBody: bodyOf,
      required: {
        userSn: t('enrol.familyRequired'),
        studentSn: t('enrol.childRequired'),
        courseId: t('enrol.courseRequired'),
      },
    }),
    defaultValues: {
      userSn: presetChild?.userSn ?? '',
      studentSn: presetChild?.studentSn ?? '',
      courseId: presetCourse ? String(presetCourse) : '',
      startWeek: today(),
    },
  });
  const feedback = useFormFeedback(form, {
    order: ['userSn', 'studentSn', 'courseId', 'startWeek'],
    fieldMessages: {
      timetableFamilyNotFound: 'userSn',
      timetableChildNotFound: 'studentSn',
      scheduleChildNotFound: 'studentSn',
      timetableCourseNotFound: 'courseId',
      scheduleCourseNotFound: 'courseId',
      timetableStartWeekInvalid: 'startWeek',
    },
  });
  // The body the preview on screen was made for: confirming sends exactly that one.
  const [previewed, setPreviewed] = useState<{
    body: EnrollmentBody;
    preview: EnrollmentPreview;
  } | null>(null);
  const preview = useMutation({
    mutationFn: (body: EnrollmentBody) => timetableApi.previewEnrollment(body),
    onSuccess: (answer, body) => {
      feedback.onSuccess();
      setPreviewed({ body, preview: answer });
    },
    onError: feedback.onError,
  });
  const [userSn, studentSn, courseId] = useWatch({
    control: form.control,
    name: ['userSn', 'studentSn', 'courseId'],
  });
  const family = useQuery({ ...familyChildrenQuery(userSn), enabled: !presetChild && !!userSn });
  const course = useCourse(courseId ? Number(courseId) : undefined);
  const childName =
    presetChild?.nickname ??
    family.data?.children.find((one) => one.studentSn === studentSn)?.nickname ??
    '';
  const enrol = useMutation({
    mutationFn: (body: EnrollmentBody) => timetableApi.enrol(body),
    onSuccess: (_answer, body) => {
      feedback.onSuccess(
        t('enrol.done', { name: childName, course: course ? courseTitle(course) : '' }),
      );
      afterLessonChange(client, [body.userSn]);
      onClose();
    },
    onError: feedback.onError,
  });
  const { errors } = form.formState;

  if (previewed)
    return (
      <ActionForm
        alert={feedback.alert}
        onSubmit={(event) => {
          event.preventDefault();
          if (!enrol.isPending) enrol.mutate(previewed.body);
        }}
      >
        <Text size="sm">
          {t('enrol.previewOf', {
            name: childName,
            course: course ? courseTitle(course) : '',
          })}
        </Text>
        <PreviewDetails preview={previewed.preview} />
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => {
              feedback.onSuccess();
              setPreviewed(null);
            }}
          >
            {t('enrol.back')}
          </Button>
          <DialogActions
            onCancel={onClose}
            pending={enrol.isPending}
            submitProps={{ disabled: enrol.isPending || blocked(previewed.preview) }}
          >
            {t('enrol.confirm')}
          </DialogActions>
        </Group>
      </ActionForm>
    );

  return (
    <ActionForm
      alert={feedback.alert}
      onSubmit={feedback.submit((values) => {
        if (!preview.isPending) preview.mutate(bodyOf(values));
      })}
    >
      {presetChild ? (
        <Text size="sm">
          {t('enrol.childOf', { name: presetChild.nickname, userSn: presetChild.userSn })}
        </Text>
      ) : (
        <>
          <Controller
            control={form.control}
            name="userSn"
            render={({ field }) => (
              <FamilyPicker
                label={t('enrol.family')}
                placeholder={t('enrol.familyPlaceholder')}
                withAsterisk
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  form.setValue('studentSn', '');
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError(errors.userSn)}
                data-autofocus
              />
            )}
          />
          <Controller
            control={form.control}
            name="studentSn"
            render={({ field }) => (
              <Select
                label={t('enrol.child')}
                placeholder={userSn ? t('enrol.childPlaceholder') : t('enrol.familyFirst')}
                withAsterisk
                disabled={!userSn}
                data={(family.data?.children ?? []).map((one) => ({
                  value: one.studentSn,
                  label: `${one.nickname} (${one.studentSn})`,
                }))}
                nothingFoundMessage={t('enrol.noChildren')}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError(errors.studentSn)}
              />
            )}
          />
        </>
      )}
      {presetCourse ? (
        <Text size="sm" fw={600}>
          {course ? courseTitle(course) : ''}
        </Text>
      ) : (
        <Controller
          control={form.control}
          name="courseId"
          render={({ field }) => (
            <CourseSelect
              openOnly
              label={t('enrol.course')}
              placeholder={t('enrol.coursePlaceholder')}
              withAsterisk
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(errors.courseId)}
              data-autofocus={presetChild ? true : undefined}
            />
          )}
        />
      )}
      {course && <CourseFacts course={course} />}
      <Controller
        control={form.control}
        name="startWeek"
        render={({ field }) => (
          <DatePickerInput
            label={t('enrol.startWeek')}
            description={t('enrol.startWeekHint')}
            descriptionProps={{ c: 'gray.7' }}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(errors.startWeek)}
          />
        )}
      />
      <DialogActions onCancel={onClose} pending={preview.isPending}>
        {t('enrol.preview')}
      </DialogActions>
    </ActionForm>
  );
}

/**
 * A preview the server would refuse to enrol: a full or retired course, or the child or teacher
 * busy. A lesson in the teacher's time off is enrolled and needs cover (decision 047).
 */
const blocked = (preview: EnrollmentPreview) =>
  preview.full ||
  preview.retired ||
  preview.conflicts.some((conflict) => conflict.kind !== 'teacher-off');

/** The chosen course's slots (its own clock), teacher and places. */
function CourseFacts({ course }: { course: NonNullable<ReturnType<typeof useCourse>> }) {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  return (
    <Text size="sm" c="gray.7">
      {t('enrol.courseFacts', {
        slots: formatSlots(course.slots, language),
        zone: course.timeZone,
        enrolled: course.enrolled,
        capacity: course.capacity,
      })}
    </Text>
  );
}

/**
 * What the enrolment would do: the lessons (dates and times in the parent's zone), their
 * credits against what the family has, and why it cannot go ahead if it cannot.
 */
function PreviewDetails({ preview }: { preview: EnrollmentPreview }) {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  const localOf = (startsAt: string) => {
    const lesson = preview.lessons.find((one) => one.startsAt === startsAt);
    return lesson
      ? `${formatDay(lesson.localDate, language)} ${lesson.localTime}`
      : formatDateTime(startsAt, language);
  };
  return (
    <Stack gap="sm">
      {preview.full && (
        <Alert color="red" variant="light" role="status">
          {t('enrol.full')}
        </Alert>
      )}
      {preview.retired && (
        <Alert color="red" variant="light" role="status">
          {t('enrol.retired')}
        </Alert>
      )}
      {preview.conflicts.length > 0 && (
        <Alert color="red" variant="light" role="status" title={t('enrol.conflicts')}>
          <List size="sm">
            {preview.conflicts.map((conflict) => (
              <List.Item key={`${conflict.startsAt}-${conflict.kind}`}>
                {t(`enrol.conflict.${conflict.kind}`, { when: localOf(conflict.startsAt) })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {preview.lessons.length === 0 ? (
        <Text size="sm">{t('enrol.noLessons')}</Text>
      ) : (
        // No inner scroll box: the dialog scrolls (a scrollable region needs keyboard access).
        <Table.ScrollContainer minWidth={420}>
          <Table striped verticalSpacing={4}>
            <Table.Caption c="gray.7">
              {t('enrol.parentZone', { zone: preview.parentTimeZone })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('enrol.lessonNumber')}</Table.Th>
                <Table.Th>{t('enrol.date')}</Table.Th>
                <Table.Th>{t('enrol.time')}</Table.Th>
                <Table.Th>{t('enrol.teacher')}</Table.Th>
                <Table.Th ta="right">{t('enrol.credits')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.lessons.map((lesson) => (
                <Table.Tr key={lesson.lessonNumber}>
                  <Table.Td>{lesson.lessonNumber}</Table.Td>
                  <Table.Td>{formatDay(lesson.localDate, language)}</Table.Td>
                  <Table.Td>{lesson.localTime}</Table.Td>
                  <Table.Td>{lesson.teacherName ?? t('none')}</Table.Td>
                  <Table.Td ta="right">{lesson.credits}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Table withRowBorders={false} verticalSpacing={2} w="auto">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th fw={500}>{t('enrol.lessonsCount')}</Table.Th>
            <Table.Td>{preview.lessons.length}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th fw={500}>{t('enrol.creditsNeeded')}</Table.Th>
            <Table.Td>{preview.creditsNeeded}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th fw={500}>{t('enrol.available')}</Table.Th>
            <Table.Td>{preview.available}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {preview.coveredByPlan ? (
        <Alert color="green" variant="light" role="status">
          {t('enrol.coveredByPlan')}
        </Alert>
      ) : preview.shortBy > 0 ? (
        <Alert color="yellow" variant="light" role="status">
          {t('enrol.shortBy', { count: preview.shortBy })}
        </Alert>
      ) : (
        <Alert color="green" variant="light" role="status">
          {t('enrol.covered')}
        </Alert>
      )}
    </Stack>
  );
}
