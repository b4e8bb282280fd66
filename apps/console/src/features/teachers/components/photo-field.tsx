import { Avatar, Button, FileButton, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { photoPresetsQuery } from '../api';
import { PHOTO_ACCEPT } from '../utils/photo-file';
import { UPLOADED_PHOTO } from '../utils/profile-form';

interface PhotoFieldProps {
  /** A preset's key (`preset:N`) or UPLOADED_PHOTO. */
  value: string;
  onChange: (value: string) => void;
  /** The uploaded photo's URL, when the profile has one: it is a choice of its own. */
  uploadedUrl: string | null;
  /** Without it (a profile not created yet) there is no upload. */
  upload?: { onFile: (file: File | null) => void; pending: boolean };
  focusRef?: Ref<HTMLButtonElement>;
  error?: string;
}

/**
 * The teacher's photo: one of the fixed set (GET /api/ops/teacher-presets) as a radio group of
 * image tiles, the uploaded photo as one more tile, and an upload button that replaces the photo
 * at once (the upload is its own request, not part of the form's save).
 */
export function PhotoField({
  value,
  onChange,
  uploadedUrl,
  upload,
  focusRef,
  error,
}: PhotoFieldProps) {
  const { t } = useTranslation('teachers');
  const presets = useQuery(photoPresetsQuery());
  const choices = [
    ...(uploadedUrl
      ? [{ key: UPLOADED_PHOTO, url: uploadedUrl, label: t('profile.uploaded') }]
      : []),
    ...(presets.data?.photos ?? []).map((photo, index) => ({
      ...photo,
      label: t('profile.presetN', { n: index + 1 }),
    })),
  ];
  const tabStop = choices.some((choice) => choice.key === value) ? value : choices[0]?.key;

  return (
    <Stack gap={6}>
      <Radio.Group label={t('profile.photo')} value={value} onChange={onChange} error={error}>
        {presets.isPending ? (
          <Group gap="xs" mt={4}>
            <Loader size="sm" />
          </Group>
        ) : presets.isError ? (
          <Text size="sm" c="red.8" mt={4} role="alert">
            {t('profile.presetsFailed')}
          </Text>
        ) : (
          <Group gap="xs" mt={4}>
            {choices.map((choice) => {
              const checked = choice.key === value;
              return (
                <Radio.Card
                  key={choice.key}
                  value={choice.key}
                  aria-label={choice.label}
                  tabIndex={choice.key === tabStop ? 0 : -1}
                  ref={choice.key === tabStop ? focusRef : undefined}
                  radius="md"
                  p={6}
                  w={76}
                  style={{
                    borderWidth: 2,
                    borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
                    background: checked ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <Group gap={6} wrap="nowrap" justify="center">
                    <Radio.Indicator size="xs" />
                    <Avatar src={choice.url} alt="" size={44} />
                  </Group>
                </Radio.Card>
              );
            })}
          </Group>
        )}
      </Radio.Group>
      {upload ? (
        <Group gap="sm" wrap="nowrap">
          <FileButton onChange={upload.onFile} accept={PHOTO_ACCEPT}>
            {(props) => (
              <Button {...props} variant="default" size="xs" loading={upload.pending}>
                {t('profile.upload')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="gray.7">
            {t('profile.uploadHint')}
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="gray.7">
          {t('profile.uploadAfterCreate')}
        </Text>
      )}
    </Stack>
  );
}
