import type * as MantineCore from '@mantine/core';
import { act, screen } from '@testing-library/react';
import type { ScheduledLesson } from '@portal/shared/lessons';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LessonGrid } from './lesson-grid';

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

const START = Date.parse('2026-11-20T08:10:00.000Z');
const MIN = 60_000;

const lesson = (sn: string): ScheduledLesson => ({
  lesson_sn: sn,
  student_sn: 'S1',
  subject_title: `Reading ${sn}`,
  subject_img: '/img/subjects/reading.svg',
  level_title: 'Level 1',
  lesson_topic: '',
  start_date: '2026-11-20',
  start_time: '08:10',
  end_time: '08:35',
  start_at: new Date(START).toISOString(),
  end_at: new Date(START + 25 * MIN).toISOString(),
  duration: 25,
  status: 0,
  attends_status: 0,
  is_attends: 0,
  nickname: 'Mia',
  student_avatar: '/img/avatars/avatar-1.svg',
  title: 'Friday, November 20',
  start_lessons: 3,
  total_lessons: 24,
  required_credit: 1,
  message: '',
  can_leave: true,
});

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
