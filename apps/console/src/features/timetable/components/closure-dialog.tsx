import {
  Alert,
  Button,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Text,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  CLOSURE_REASON_MAX_LENGTH,
  ClosureBodySchema,
  type ClosureBody,
  type ClosurePreview,
} from '@portal/shared/staff';
import { fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { formatDate } from '@portal/web-kit/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/dialog';
import { currentLanguage } from '../../../lib/i18n';
import { afterLessonChange, timetableApi } from '../api';
import { schemaResolver } from '../utils/schema-resolver';
import { ActionForm } from './action-form';
import { CourseSelect, courseTitle, useCourse } from './pickers';

type Scope = 'school' | 'course';

interface Values {
  scope: Scope;
  courseId: string;
  startsOn: string;
  endsOn: string;
  reasonEn: string;
  reasonZh: string;
}

/** The form's values as the route's body (a school-wide closure has no course). */
const bodyOf = (values: Values): ClosureBody => ({
  courseId:
    values.scope === 'school'
      ? null
      : values.courseId === ''
        ? Number.NaN
        : Number(values.courseId),
  startsOn: values.startsOn,
  endsOn: values.endsOn,
  reasonEn: values.reasonEn,
  reasonZh: values.reasonZh,
});

/**
 * Declares a closure: one course or the whole school, a date range on the school's calendar and
 * the reason in both languages, side by side. A preview says how many lessons, families and
 * credits it touches before anything changes; confirming cancels those lessons, releases the
 * credits and tells each family once.
 */
export function ClosureDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  return (
    <Dialog opened={opened} onClose={onClose} size="lg" title={t('closures.dialogTitle')}>
      <ClosureForm onClose={onClose} />
    </Dialog>
  );
}

function ClosureForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  const client = useQueryClient();
  const form = useForm<Values>({
    resolver: schemaResolver(ClosureBodySchema, {
      toBody: bodyOf,
      required: ({ scope }) => ({
        ...(scope === 'course' ? { courseId: t('enrol.courseRequired') } : {}),
        startsOn: t('closures.datesRequired'),
        endsOn: t('closures.datesRequired'),
      }),
    }),
    defaultValues: {
      scope: 'school',
      courseId: '',
      startsOn: '',
      endsOn: '',
      reasonEn: '',
      reasonZh: '',
    },
  });
  const feedback = useFormFeedback(form, {
    order: ['courseId', 'startsOn', 'endsOn', 'reasonEn', 'reasonZh'],
    fieldMessages: {
      timetableCourseNotFound: 'courseId',
      scheduleCourseNotFound: 'courseId',
      timetableDateInvalid: 'endsOn',
      timetableDateRangeInvalid: 'endsOn',
      scheduleClosureDatesInvalid: 'endsOn',
      scheduleClosureInPast: 'endsOn',
      scheduleClosureTooLong: 'endsOn',
    },
  });
  const [previewed, setPreviewed] = useState<{ body: ClosureBody; preview: ClosurePreview } | null>(
    null,
  );
  const preview = useMutation({
    mutationFn: (body: ClosureBody) => timetableApi.previewClosure(body),
    onSuccess: (answer, body) => {
      feedback.onSuccess();
      setPreviewed({ body, preview: answer });
    },
    onError: feedback.onError,
  });
  const declare = useMutation({
    mutationFn: (body: ClosureBody) => timetableApi.declareClosure(body),
    onSuccess: (answer) => {
      feedback.onSuccess(
        t('closures.done', {
          count: answer.lessonsCancelled,
          families: answer.familiesNotified,
        }),
      );
      // Families are not named in the answer: every family page is stale.
      afterLessonChange(client);
      void client.invalidateQueries({ queryKey: ['ops', 'family'] });
      onClose();
    },
    onError: feedback.onError,
  });
  const [scope, courseId, startsOn, endsOn, reasonEn, reasonZh] = useWatch({
    control: form.control,
    name: ['scope', 'courseId', 'startsOn', 'endsOn', 'reasonEn', 'reasonZh'],
  });
  const course = useCourse(courseId ? Number(courseId) : undefined);
  const { errors } = form.formState;
  const count = (text: string) =>
    t('closures.count', { count: text.trim().length, max: CLOSURE_REASON_MAX_LENGTH });

  if (previewed) {
    const { body, preview: figures } = previewed;
    return (
      <ActionForm
        alert={feedback.alert}
        onSubmit={(event) => {
          event.preventDefault();
          if (!declare.isPending) declare.mutate(body);
        }}
      >
        <Text size="sm" fw={600}>
          {body.courseId === null
            ? t('closures.wholeSchool')
            : course
              ? courseTitle(course)
              : t('course.fallbackTitle', { id: body.courseId })}
          {' · '}
          {body.startsOn === body.endsOn
            ? formatDate(body.startsOn, 'date', language)
            : t('closures.range', {
                from: formatDate(body.startsOn, 'date', language),
                to: formatDate(body.endsOn, 'date', language),
              })}
        </Text>
        <Alert
          color={figures.lessons > 0 ? 'orange' : 'blue'}
          variant="light"
          role="status"
          title={t('closures.previewTitle')}
        >
          <Text size="sm" data-testid="closure-preview">
            {t('closures.previewText', {
              count: figures.lessons,
              families: figures.families,
              credits: figures.credits,
            })}
          </Text>
        </Alert>
        <Text size="sm" c="gray.7">
          {t('closures.previewHint')}
        </Text>
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
            pending={declare.isPending}
            submitProps={{ color: 'red.8', disabled: declare.isPending }}
          >
            {t('closures.confirm')}
          </DialogActions>
        </Group>
      </ActionForm>
    );
  }

  return (
    <ActionForm
      alert={feedback.alert}
      onSubmit={feedback.submit((values) => {
        if (!preview.isPending) preview.mutate(bodyOf(values));
      })}
    >
      <Input.Wrapper label={t('closures.scope')} labelElement="div">
        <Controller
          control={form.control}
          name="scope"
          render={({ field }) => (
            <SegmentedControl
              fullWidth
              mt={4}
              aria-label={t('closures.scope')}
              value={field.value}
              onChange={(value) => field.onChange(value as Scope)}
              data={[
                { value: 'school', label: t('closures.wholeSchool') },
                { value: 'course', label: t('closures.oneCourse') },
              ]}
            />
          )}
        />
      </Input.Wrapper>
      {scope === 'course' && (
        <Controller
          control={form.control}
          name="courseId"
          render={({ field }) => (
            <CourseSelect
              label={t('closures.course')}
              placeholder={t('enrol.coursePlaceholder')}
              withAsterisk
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldError(errors.courseId)}
            />
          )}
        />
      )}
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label={t('closures.dates')}
        description={t('closures.datesHint')}
        descriptionProps={{ c: 'gray.7' }}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        value={[startsOn || null, endsOn || null]}
        onChange={([from, to]) => {
          form.setValue('startsOn', from ?? '');
          form.setValue('endsOn', to ?? '');
        }}
        error={fieldError(errors.startsOn ?? errors.endsOn)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Textarea
          label={t('closures.reasonEn')}
          withAsterisk
          rows={3}
          lang="en"
          {...form.register('reasonEn')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          descriptionProps={{ c: 'gray.7' }}
          description={count(reasonEn)}
          error={fieldError(errors.reasonEn)}
        />
        <Textarea
          label={t('closures.reasonZh')}
          withAsterisk
          rows={3}
          lang="zh-CN"
          {...form.register('reasonZh')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          descriptionProps={{ c: 'gray.7' }}
          description={count(reasonZh)}
          error={fieldError(errors.reasonZh)}
        />
      </SimpleGrid>
      <DialogActions onCancel={onClose} pending={preview.isPending}>
        {t('closures.preview')}
      </DialogActions>
    </ActionForm>
  );
}
