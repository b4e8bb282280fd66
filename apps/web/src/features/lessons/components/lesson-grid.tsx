import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import type { ScheduledLesson } from '@portal/shared/lessons';
import { useNow } from '../hooks/use-now';
import { LessonCard } from './lesson-card';

/**
 * Upcoming lesson cards on one clock that ticks every second (spec §4). The clock lives here,
 * not in the screen, so a tick draws this grid and the cards whose clock changed, not the page.
 */
export function LessonGrid({
  lessons,
  cols,
}: {
  lessons: ScheduledLesson[];
  cols: SimpleGridProps['cols'];
}) {
  const now = useNow();
  return (
    <SimpleGrid cols={cols}>
      {lessons.map((lesson) => (
        <LessonCard key={lesson.lesson_sn} lesson={lesson} now={now} />
      ))}
    </SimpleGrid>
  );
}
