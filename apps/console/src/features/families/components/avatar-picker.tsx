import { Avatar, Group, Loader, Radio, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarsQuery } from '../api';

interface AvatarPickerProps {
  /** The chosen avatar's id, or null when none is. */
  value: number | null;
  onChange: (id: number) => void;
  onBlur?: () => void;
  /** Given to the tile that takes focus (the chosen one, else the first): a server error focuses it. */
  focusRef?: Ref<HTMLButtonElement>;
  error?: string;
}

/**
 * The parents' avatar choices (GET /api/ops/avatars) as a radio group of image tiles: one tab stop
 * (the chosen tile), arrow keys move and choose (Mantine's Radio.Card), Space/Enter choose. Each
 * tile is named "Avatar n" — the images are drawings with no other meaning to read out.
 */
export function AvatarPicker({ value, onChange, onBlur, focusRef, error }: AvatarPickerProps) {
  const { t } = useTranslation('families');
  const avatars = useQuery(avatarsQuery());
  const items = avatars.data?.items ?? [];
  const tabStop = items.some((avatar) => avatar.id === value) ? value : items[0]?.id;

  return (
    <Radio.Group
      label={t('editChild.avatar')}
      value={value === null ? '' : String(value)}
      onChange={(id) => onChange(Number(id))}
      error={error}
    >
      {avatars.isPending ? (
        <Group gap="xs" mt={4}>
          <Loader size="sm" />
          <Text size="sm" c="gray.7">
            {t('editChild.avatarsLoading')}
          </Text>
        </Group>
      ) : avatars.isError ? (
        <Text size="sm" c="red.8" mt={4} role="alert">
          {t('editChild.avatarsFailed')}
        </Text>
      ) : (
        <SimpleGrid cols={4} spacing="xs" mt={4}>
          {items.map((avatar, index) => {
            const checked = avatar.id === value;
            return (
              <Radio.Card
                key={avatar.id}
                value={String(avatar.id)}
                aria-label={t('editChild.avatarN', { n: index + 1 })}
                tabIndex={avatar.id === tabStop ? 0 : -1}
                ref={avatar.id === tabStop ? focusRef : undefined}
                onBlur={onBlur}
                radius="md"
                p={6}
                style={{
                  borderWidth: 2,
                  borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
                  background: checked ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Group gap={6} wrap="nowrap" justify="center">
                  <Radio.Indicator size="xs" />
                  <Avatar src={avatar.url} alt="" size={48} />
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      )}
    </Radio.Group>
  );
}
