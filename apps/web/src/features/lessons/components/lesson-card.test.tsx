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
