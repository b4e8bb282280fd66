import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TeachingWeekQuerySchema, type TeachingClass } from '@portal/shared/staff';
import { ListState } from '@portal/web-kit/list-state';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useUrlSearch } from '../../../lib/url-search';
import { teachingWeekQuery } from '../api';
import { useNow } from '../../../lib/use-now';
import { addDays, dayIn, formatDayHeading, formatWeek } from '../utils/week';
import { ClassCard } from './class-card';

/**
 * `/teaching` (`lessons.own`): the signed-in teacher's own week, Monday to Sunday in their zone,
 * the week in the URL (`?from=YYYY-MM-DD`, this week without it). Each class with its children
 * (nickname and age only), the classroom, and the attendance once it has started.
 */
export function TeachingPage() {
  const { t } = useTranslation('teaching');
  useDocumentTitle(t('title'));
  const language = currentLanguage();
  const { query, update } = useUrlSearch(TeachingWeekQuerySchema);
  const week = useQuery(teachingWeekQuery(query.from));
  // The classroom opens 5 minutes before the start: a quarter-minute keeps the button on time.
  const now = useNow(15_000);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        {week.data && (
          <Text size="sm" c="gray.7">
            {t('intro', { zone: week.data.timeZone })}
          </Text>
        )}
      </Stack>
      <Group gap="sm" align="center">
        <Button
          variant="default"
          disabled={!week.data}
          onClick={() => week.data && update({ from: addDays(week.data.from, -7) })}
        >
          ← {t('previousWeek')}
        </Button>
        <Button
          variant="default"
          disabled={!query.from}
          onClick={() => update({ from: undefined })}
        >
          {t('thisWeek')}
        </Button>
        <Button
          variant="default"
          disabled={!week.data}
          onClick={() => week.data && update({ from: addDays(week.data.from, 7) })}
        >
          {t('nextWeek')} →
        </Button>
        {week.data && (
          <Text fw={600} aria-live="polite">
            {t('week', { range: formatWeek(week.data.from, language) })}
          </Text>
        )}
      </Group>
      <ListState
        query={week}
        loading={<Skeleton height={240} />}
        isEmpty={(data) => data.classes.length === 0}
        empty={
          <Text size="sm" c="gray.7">
            {t('empty')}
          </Text>
        }
      >
        {(data) => (
          <Stack gap="lg">
            {byDay(data.classes, data.timeZone).map(([day, classes]) => (
              <Stack
                gap="sm"
                key={day}
                component="section"
                aria-label={formatDayHeading(day, language)}
              >
                <Title order={2} size="h3">
                  {formatDayHeading(day, language)}
                </Title>
                {classes.map((lesson) => (
                  <ClassCard
                    key={lesson.lessonSn}
                    lesson={lesson}
                    timeZone={data.timeZone}
                    now={now}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}

/** The classes grouped by their day in the teacher's zone, days and classes in time order. */
function byDay(classes: TeachingClass[], timeZone: string): [string, TeachingClass[]][] {
  const days = new Map<string, TeachingClass[]>();
  for (const lesson of [...classes].sort(
    (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt),
  )) {
    const day = dayIn(timeZone, lesson.startsAt);
    days.set(day, [...(days.get(day) ?? []), lesson]);
  }
  return [...days.entries()];
}
