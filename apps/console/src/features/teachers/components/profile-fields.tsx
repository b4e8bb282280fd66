import {
  ActionIcon,
  Button,
  Group,
  Input,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { WEEKDAY_IDS } from '@portal/shared/catalogue';
import { fieldError } from '@portal/web-kit/forms';
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState, type Ref } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { subjectsQuery } from '../api';
import type { ProfileValues } from '../utils/profile-form';
import { timeZoneOptions } from '../utils/time-zones';
import { PhotoField } from './photo-field';

/** Time zones listed at once; typing finds the others. */
const TIME_ZONES_SHOWN = 30;

/** A new row of the availability editor: a working morning on Monday. */
const NEW_WINDOW = { weekday: 1, start: '09:00', end: '12:00' };

interface ProfileFieldsProps {
  form: UseFormReturn<ProfileValues>;
  /** The uploaded photo's URL, when the profile has one. */
  uploadedPhotoUrl: string | null;
  /** The photo upload (an existing profile only). */
  upload?: { onFile: (file: File | null) => void; pending: boolean };
  /** The availability editor (the create dialog leaves it to the profile page). */
  withAvailability: boolean;
}

/**
 * The profile's fields, shared by the create dialog and the profile page: both names side by
 * side, the photo, the subjects, the time zone and the weekly availability.
 */
export function ProfileFields({
  form,
  uploadedPhotoUrl,
  upload,
  withAvailability,
}: ProfileFieldsProps) {
  const { t } = useTranslation('teachers');
  const language = currentLanguage();
  const subjects = useQuery(subjectsQuery());
  const { errors } = form.formState;
  const subjectOptions = (subjects.data ?? []).map((subject) => ({
    value: String(subject.id),
    label: language === 'zh_CN' ? subject.titleZh : subject.titleEn,
  }));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('profile.nameEn')}
          autoComplete="off"
          {...form.register('nameEn')}
          error={fieldError(errors.nameEn)}
        />
        <TextInput
          label={t('profile.nameZh')}
          autoComplete="off"
          lang="zh-CN"
          {...form.register('nameZh')}
          error={fieldError(errors.nameZh)}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="photo"
        render={({ field }) => (
          <PhotoField
            value={field.value}
            onChange={field.onChange}
            uploadedUrl={uploadedPhotoUrl}
            upload={upload}
            focusRef={field.ref}
            error={fieldError(errors.photo)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="subjectIds"
        render={({ field }) => (
          <MultiSelect
            label={t('profile.subjects')}
            placeholder={field.value.length ? undefined : t('profile.subjectsPlaceholder')}
            data={subjectOptions}
            value={field.value.map(String)}
            onChange={(ids) => field.onChange(ids.map(Number))}
            onBlur={field.onBlur}
            ref={field.ref}
            searchable
            clearable
            error={
              fieldError(errors.subjectIds) ??
              (subjects.isError ? t('profile.subjectsFailed') : undefined)
            }
          />
        )}
      />
      <Controller
        control={form.control}
        name="timeZone"
        render={({ field }) => (
          <TimeZoneSelect
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            fieldRef={field.ref}
            error={fieldError(errors.timeZone)}
          />
        )}
      />
      {withAvailability && <AvailabilityEditor form={form} />}
    </Stack>
  );
}

/** Weekly availability: rows of weekday, start and end in the teacher's zone; add and remove. */
function AvailabilityEditor({ form }: { form: UseFormReturn<ProfileValues> }) {
  const { t } = useTranslation('teachers');
  const rows = useFieldArray({ control: form.control, name: 'availability' });
  const errors = form.formState.errors.availability;
  const weekdays = WEEKDAY_IDS.map((day) => ({
    value: String(day),
    label: t(`weekdays.${day}`),
  }));
  // A rule over all rows (two overlapping) is the array's own error.
  const listError = fieldError(errors?.root ?? (errors as { message?: unknown } | undefined));

  return (
    <Input.Wrapper
      label={t('profile.availability')}
      description={t('profile.availabilityHint')}
      descriptionProps={{ c: 'gray.7' }}
      error={listError}
    >
      <Stack gap="xs" mt={6}>
        {rows.fields.length === 0 && (
          <Text size="sm" c="gray.7">
            {t('profile.noAvailability')}
          </Text>
        )}
        {rows.fields.map((row, index) => {
          const n = index + 1;
          const rowErrors = errors?.[index];
          // One message under the row: the inputs are too narrow to hold it.
          const message = fieldError(rowErrors?.weekday ?? rowErrors?.start ?? rowErrors?.end);
          const messageId = `${row.id}-error`;
          const invalid = (error: unknown) => ({
            error: Boolean(error),
            'aria-describedby': error ? messageId : undefined,
          });
          return (
            <Stack key={row.id} gap={2}>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Controller
                  control={form.control}
                  name={`availability.${index}.weekday`}
                  render={({ field }) => (
                    <Select
                      aria-label={t('profile.weekday', { n })}
                      data={weekdays}
                      value={String(field.value)}
                      onChange={(day) => field.onChange(Number(day))}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      allowDeselect={false}
                      w={150}
                      {...invalid(rowErrors?.weekday)}
                    />
                  )}
                />
                <TimeInput
                  aria-label={t('profile.start', { n })}
                  {...form.register(`availability.${index}.start`)}
                  w={110}
                  {...invalid(rowErrors?.start)}
                />
                <TimeInput
                  aria-label={t('profile.end', { n })}
                  {...form.register(`availability.${index}.end`)}
                  w={110}
                  {...invalid(rowErrors?.end)}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('profile.removeWindow', { n })}
                  onClick={() => rows.remove(index)}
                >
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Group>
              {message && (
                <Text id={messageId} size="xs" c="red.8">
                  {message}
                </Text>
              )}
            </Stack>
          );
        })}
        <Group>
          <Button variant="light" size="xs" onClick={() => rows.append({ ...NEW_WINDOW })}>
            {t('profile.addWindow')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * The IANA zones, searchable. Kept out of the form's re-renders (memo) and showing the first
 * matches only: Mantine draws every option it is given, and there are over 400 zones.
 */
const TimeZoneSelect = memo(function TimeZoneSelect({
  value,
  onChange,
  onBlur,
  fieldRef,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  onBlur: () => void;
  fieldRef: Ref<HTMLInputElement>;
  error: string | undefined;
}) {
  const { t } = useTranslation('teachers');
  // The zone the profile had when the form opened stays in the list (an alias such as "UTC").
  const [initial] = useState(value);
  const zones = useMemo(() => timeZoneOptions(initial), [initial]);
  return (
    <Select
      label={t('profile.timeZone')}
      description={t('profile.timeZoneHint')}
      descriptionProps={{ c: 'gray.7' }}
      placeholder={t('profile.timeZoneSearch')}
      data={zones}
      value={value || null}
      onChange={(zone) => onChange(zone ?? '')}
      onBlur={onBlur}
      ref={fieldRef}
      searchable
      allowDeselect={false}
      limit={TIME_ZONES_SHOWN}
      error={error}
    />
  );
});
