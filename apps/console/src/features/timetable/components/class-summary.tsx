import { Stack, Text } from '@mantine/core';
import type { ClassRow } from '@portal/shared/staff';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatClassTime } from '../utils/dates';

/** Which class a dialog acts on: course, time (the member's zone), teacher and children. */
export function ClassSummary({ row }: { row: ClassRow }) {
  const { t } = useTranslation('timetable');
  const language = currentLanguage();
  return (
    <Stack gap={2}>
      <Text fw={600}>{row.courseTitle}</Text>
      <Text size="sm">{formatClassTime(row.startsAt, row.endsAt, language)}</Text>
      <Text size="sm" c="gray.7">
        {row.teacher ? row.teacher.name : t('noTeacherYet')}
        {' · '}
        {t('childrenCount', { count: row.children.length })}
      </Text>
    </Stack>
  );
}
