import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import type { ScheduledLesson } from '@portal/shared/lessons';
import { useDeferredValue } from 'react';
import { useNow } from '../hooks/use-now';
import { LessonCard } from './lesson-card';

/** Cards a list draws when it first appears: more than a phone or a laptop shows unscrolled. */
export const CARDS_DRAWN_FIRST = 4;

/**
 * How many cards a list draws now. A list draws its first `CARDS_DRAWN_FIRST` when it appears
 * and React draws the rest in a render of its own right after (useDeferredValue's initial
 * value), so the first cards paint without waiting for those below the fold (decision 055).
 * Call it in a component that appears with its data, not before it.
 */
export function useCardsDrawn(): number {
  return useDeferredValue(Number.POSITIVE_INFINITY, CARDS_DRAWN_FIRST);
}

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
  const drawn = useCardsDrawn();
  return (
    <SimpleGrid cols={cols}>
      {lessons.slice(0, drawn).map((lesson) => (
        <LessonCard key={lesson.lesson_sn} lesson={lesson} now={now} />
      ))}
    </SimpleGrid>
  );
}
