import type * as MantineCore from '@mantine/core';
import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LESSON_START as START, MINUTE as MIN, scheduledLesson } from '../../../test/lessons';
import { renderWithProviders } from '../../../test/render';
import { CARDS_DRAWN_FIRST, LessonGrid } from './lesson-grid';

// Counts how often a lesson card is drawn: each card is one Mantine Card.
const drawn = vi.hoisted(() => ({ cards: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof MantineCore>();
  const CountedCard = Object.assign((props: MantineCore.CardProps) => {
    drawn.cards += 1;
    return <mantine.Card {...props} />;
  }, mantine.Card);
  return { ...mantine, Card: CountedCard };
});

const lesson = (sn: string) => scheduledLesson({ lesson_sn: sn, subject_title: `Reading ${sn}` });

describe('LessonGrid (spec §4: countdowns tick every second)', () => {
  beforeEach(() => {
    // 4 h 5 min 30 s before the start: the countdown reads "4 h 6 min" (minutes round up).
    vi.useFakeTimers({ now: START - (4 * 60 + 5) * MIN - 30_000 });
    drawn.cards = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('draws the cards again only when what they show changes', () => {
    renderWithProviders(<LessonGrid lessons={[lesson('L1'), lesson('L2')]} cols={1} />);
    const timers = () => screen.getAllByRole('timer').map((timer) => timer.textContent);
    expect(timers()).toEqual(['Starts in 4 h 6 min', 'Starts in 4 h 6 min']);
    const first = drawn.cards;
    expect(first).toBeGreaterThanOrEqual(2);

    // 29 ticks, one at a time, inside the same minute: no card is drawn again.
    for (let tick = 0; tick < 29; tick += 1) act(() => vi.advanceTimersByTime(1_000));
    expect(drawn.cards).toBe(first);
    expect(timers()).toEqual(['Starts in 4 h 6 min', 'Starts in 4 h 6 min']);

    // The 30th tick reaches 4 h 5 min before the start: each card is drawn once, anew.
    act(() => vi.advanceTimersByTime(1_000));
    expect(timers()).toEqual(['Starts in 4 h 5 min', 'Starts in 4 h 5 min']);
    expect(drawn.cards).toBe(first + 2);
  });
});

describe('LessonGrid (decision 055: the first cards paint first)', () => {
  it('draws its first cards when it appears and the rest in a render of its own', () => {
    const lessons = Array.from({ length: 10 }, (_, i) => lesson(`L${i + 1}`));
    const drawnAtCommit: number[] = [];
    renderWithProviders(
      <Profiler
        id="grid"
        onRender={() => drawnAtCommit.push(screen.queryAllByTestId('lesson-card').length)}
      >
        <LessonGrid lessons={lessons} cols={1} />
      </Profiler>,
    );
    expect(CARDS_DRAWN_FIRST).toBeLessThan(lessons.length);
    expect(drawnAtCommit[0]).toBe(CARDS_DRAWN_FIRST);
    const titles = screen.getAllByTestId('lesson-card').map((card) => card.textContent);
    expect(titles).toHaveLength(10);
    expect(titles[9]).toContain('Reading L10');
  });
});
