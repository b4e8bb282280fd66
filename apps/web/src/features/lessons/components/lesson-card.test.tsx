import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LESSON_START as START,
  MINUTE as MIN,
  scheduledLesson as lesson,
} from '../../../test/lessons';
import { renderWithProviders } from '../../../test/render';
import { LessonCard } from './lesson-card';

const enterButton = () => screen.getByRole('button', { name: 'Enter' });

describe('LessonCard (spec §4 windows, mirrored in the browser)', () => {
  it('shows the countdown under 48 h, keeps Enter closed and offers leave over 3 h', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - (4 * 60 + 5) * MIN} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Starts in 4 h 5 min');
    expect(enterButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ask for leave' })).toBeEnabled();
    expect(enterButton()).toHaveAccessibleDescription(
      'The classroom opens 5 minutes before the lesson starts.',
    );
  });

  it('hides the countdown at 48 h and more', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 48 * 60 * MIN} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('opens Enter inside the last 5 minutes and says why leave is closed under 3 h', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 5 * MIN + 1} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Starts in 5 min');
    expect(enterButton()).toBeEnabled();
    const leave = screen.getByRole('button', { name: 'Ask for leave' });
    expect(leave).toBeDisabled();
    expect(leave).toHaveAccessibleDescription(
      'Leave can only be requested more than 3 hours before the lesson starts.',
    );
    expect(
      screen.getByText('Leave can only be requested more than 3 hours before the lesson starts.'),
    ).toBeVisible();
  });

  it('shows the Leave status and what leave did instead of the actions', () => {
    renderWithProviders(<LessonCard lesson={lesson({ attends_status: 1 })} now={START - MIN} />);
    expect(screen.queryByRole('button', { name: 'Enter' })).toBeNull();
    expect(screen.getByText('Leave')).toBeInTheDocument();
    expect(screen.getByText(/^Leave requested: this lesson will not take place/)).toBeVisible();
  });

  it('shows a cancelled lesson with its reason and no actions', () => {
    const reason =
      'The school cancelled this lesson; the credits it reserved (1) went back to your balance.';
    renderWithProviders(
      <LessonCard
        lesson={lesson({ status: 3, cancel_reason: reason })}
        now={START - 5 * 60 * MIN}
      />,
    );
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent(reason);
    expect(screen.queryByRole('button', { name: 'Enter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask for leave' })).toBeNull();
  });

  it('keeps "Lesson 3/24" and "Level 1" each in one piece when the line wraps', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 60 * MIN} />);
    const level = screen.getByText('Level 1');
    expect(level.tagName).toBe('SPAN');
    expect(level).toHaveStyle({ display: 'inline-block' });
    expect(screen.getByText('Lesson 3/24')).toHaveStyle({ display: 'inline-block' });
  });

  it("shows the teacher's photo and name (issue #22), also in the leave dialog", async () => {
    renderWithProviders(
      <LessonCard
        lesson={lesson({ teacher_name: 'Mr Chen', teacher_photo: '/api/teacher-photos/42' })}
        now={START - 5 * 60 * MIN}
      />,
    );
    const [onCard] = screen.getAllByTestId('teacher');
    expect(onCard).toHaveTextContent('Teacher: Mr Chen');
    expect(onCard!.querySelector('img')).toHaveAttribute('src', '/api/teacher-photos/42');
    screen.getByRole('button', { name: 'Ask for leave' }).click();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Teacher: Mr Chen');
  });
});
