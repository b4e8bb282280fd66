import { Button, Card, Group, Stack, Title } from '@mantine/core';
import type { TeacherDetail, UpdateTeacherBodyInput } from '@portal/shared/staff';
import { FormAlert, useFormFeedback } from '@portal/web-kit/forms';
import { messageText } from '@portal/web-kit/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyTeacherWrite, teacherKeys, teachersApi } from '../api';
import { photoFileRefusal } from '../utils/photo-file';
import {
  EditProfileSchema,
  profileChanges,
  profileResolver,
  UPLOADED_PHOTO,
  valuesOf,
  type ProfileValues,
} from '../utils/profile-form';
import { ProfileFields } from './profile-fields';

const resolver = profileResolver(EditProfileSchema);

/**
 * A teacher's profile as a form: only what changed is sent (POST /api/ops/teachers/:sn); a photo
 * upload is its own request and replaces the photo at once.
 */
export function ProfileCard({ teacher }: { teacher: TeacherDetail }) {
  const { t } = useTranslation('teachers');
  const client = useQueryClient();
  const form = useForm<ProfileValues>({ resolver, defaultValues: valuesOf(teacher) });
  // The uploaded photo, as the last upload answered (before the profile is read again).
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(
    teacher.photo.startsWith('upload:') ? teacher.photoUrl : null,
  );
  const feedback = useFormFeedback(form, {
    order: ['nameEn', 'nameZh', 'photo', 'subjectIds', 'timeZone', 'availability'],
    fieldMessages: {
      teachersNameEmpty: 'nameEn',
      teachersNameTooLong: 'nameEn',
      teachersPhotoInvalid: 'photo',
      teachersPhotoEmpty: 'photo',
      teachersPhotoTooLarge: 'photo',
      teachersPhotoType: 'photo',
      teachersSubjectUnknown: 'subjectIds',
      teachersTimeZoneInvalid: 'timeZone',
      teachersAvailabilityInvalid: 'availability',
      teachersAvailabilityOverlap: 'availability',
    },
  });

  const save = useMutation({
    mutationFn: (changes: UpdateTeacherBodyInput) => teachersApi.update(teacher.teacherSn, changes),
    onSuccess: (saved) => {
      applyTeacherWrite(client, saved);
      form.reset(valuesOf(saved));
      feedback.onSuccess(t('profile.saved'));
    },
    onError: feedback.onError,
  });

  const upload = useMutation({
    mutationFn: (file: File) => teachersApi.uploadPhoto(teacher.teacherSn, file),
    onSuccess: ({ photoUrl }) => {
      setUploadedUrl(photoUrl);
      form.setValue('photo', UPLOADED_PHOTO);
      form.clearErrors('photo');
      feedback.onSuccess(t('profile.uploadSaved'));
      void client.invalidateQueries({ queryKey: teacherKeys.all });
    },
    onError: feedback.onError,
  });

  const onFile = (file: File | null) => {
    const refusal = photoFileRefusal(file);
    if (refusal) return feedback.warn(messageText(refusal), 'photo');
    if (file && !upload.isPending) upload.mutate(file);
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        aria-label={t('profile.title')}
        aria-describedby={feedback.alert.message ? feedback.alert.id : undefined}
        onSubmit={feedback.submit((values) => {
          const changes = profileChanges(teacher, values);
          if (Object.keys(changes).length === 0) return feedback.warn(t('profile.nothingChanged'));
          if (!save.isPending) save.mutate(changes);
        })}
      >
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('profile.title')}
          </Title>
          <FormAlert {...feedback.alert} />
          <ProfileFields
            form={form}
            uploadedPhotoUrl={uploadedUrl}
            upload={{ onFile, pending: upload.isPending }}
            withAvailability
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
