import { Avatar, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import { useTranslation } from 'react-i18next';

/**
 * Who teaches a lesson (issue #22): a small round photo and the name. Lessons made before the
 * school had teachers carry an empty name and show nothing.
 */
export function TeacherLine({
  name,
  photo,
}: {
  name?: string | undefined;
  photo?: string | undefined;
}) {
  const { t } = useTranslation('lessons');
  if (!name) return null;
  return (
    <Group gap={6} wrap="nowrap" miw={0} data-testid="teacher">
      {/* The name beside it says who it is: the photo is decoration. */}
      <Avatar src={photo || null} alt="" size={24} radius="xl" />
      <Text size="sm" truncate>
        {t('teacherName', { name })}
      </Text>
    </Group>
  );
}

/** The teacher's note for the parent on a completed lesson (issue #22); nothing without one. */
export function TeacherNote({ note }: { note?: string | undefined }) {
  const { t } = useTranslation('lessons');
  if (!note) return null;
  return (
    <Stack gap={2} data-testid="teacher-note">
      <Text size="xs" fw={600} c="dimmed">
        {t('teacherNote')}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note}
      </Text>
    </Stack>
  );
}
