import { Stack, Text } from '@mantine/core';
import type { ClassRow } from '@portal/shared/staff';
import { useTranslation } from 'react-i18next';

/** The class's teacher, and the one a substitute covers for. */
export function TeacherCell({ row }: { row: ClassRow }) {
  const { t } = useTranslation('timetable');
  if (!row.teacher) return <Text size="sm">{t('noTeacherYet')}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{row.teacher.name}</Text>
      {row.substituteFor && (
        <Text size="xs" c="gray.7">
          {t('substituteFor', { name: row.substituteFor.name })}
        </Text>
      )}
    </Stack>
  );
}
