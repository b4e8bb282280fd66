import { screen } from '@testing-library/react';
import type { ScheduledLesson } from '@portal/shared/lessons';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { cardClock, LessonCard } from './lesson-card';

const START = Date.parse('2026-11-20T08:10:00.000Z');
const MIN = 60_000;

const lesson = (over: Partial<ScheduledLesson> = {}): ScheduledLesson => ({
  lesson_sn: 'L1',
  student_sn: 'S1',
  subject_title: 'English Reading',
  subject_img: '/img/subjects/reading.svg',
  level_title: 'Level 1',
  lesson_topic: 'Animals',
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
  ...over,
});

const enterButton = () => screen.getByRole('button', { name: 'Enter' });

describe('LessonCard (spec §4 windows, mirrored in the browser)', () => {
  it('shows the countdown under 48 h, keeps Enter closed and offers leave over 3 h', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - (4 * 60 + 5) * MIN} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Starts in 4 h 5 min');
    expect(enterButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More actions for English Reading' })).toBeEnabled();
  });

  it('hides the countdown at 48 h and more', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 48 * 60 * MIN} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('opens Enter inside the last 5 minutes and removes leave under 3 h', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 5 * MIN + 1} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Starts in 5 min');
    expect(enterButton()).toBeEnabled();
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
  });

  it('keeps Enter closed on leave and shows the Leave status', () => {
    renderWithProviders(<LessonCard lesson={lesson({ attends_status: 1 })} now={START - MIN} />);
    expect(enterButton()).toBeDisabled();
    expect(screen.getByText('Leave')).toBeInTheDocument();
  });

  it('keeps Enter closed for a cancelled lesson', () => {
    renderWithProviders(<LessonCard lesson={lesson({ status: 3 })} now={START + MIN} />);
    expect(enterButton()).toBeDisabled();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
  });
});

describe('cardClock: the times that draw the same card', () => {
  const H = 60 * MIN;
  it.each([
    [
      'two seconds inside one minute of the countdown',
      START - 4 * H - 30_000,
      START - 4 * H - 28_000,
      true,
    ],
    [
      'the countdown moving to the next minute',
      START - 4 * H - 30_000,
      START - 4 * H + 30_000,
      false,
    ],
    ['the leave window closing at 3 h', START - 3 * H - 1, START - 3 * H + 1, false],
    ['Enter opening 5 min before the start', START - 5 * MIN - 1, START - 5 * MIN + 1, false],
    ['the countdown appearing under 48 h', START - 48 * H, START - 48 * H + 1, false],
    ['two days beyond 48 h', START - 100 * H, START - 60 * H, true],
    ['the lesson going on air', START - 1, START + 1, false],
  ])('%s', (_case, before, after, same) => {
    expect(cardClock(lesson(), before) === cardClock(lesson(), after)).toBe(same);
  });
});
