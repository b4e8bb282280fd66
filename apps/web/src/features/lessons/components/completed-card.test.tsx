import { screen } from '@testing-library/react';
import type { CompletedLesson } from '@portal/shared/lessons';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CompletedCard } from './completed-card';

const done = (over: Partial<CompletedLesson> = {}): CompletedLesson => ({
  lesson_sn: 'L1',
  student_sn: 'S1',
  subject_title: 'English Reading',
  subject_img: '/img/subjects/reading.svg',
  start_lessons: 7,
  total_lessons: 24,
  level_title: 'Level 1',
  start_date: '2026-11-20',
  start_time: '08:10',
  duration: 25,
  lesson_topic: 'Animals',
  nickname: 'Mia',
  student_avatar: '/img/avatars/avatar-1.svg',
  comments_status: 0,
  comments_id: '',
  is_attends: 1,
  ...over,
});

describe('CompletedCard (issue #19: no feedback on a no-show, and it says why)', () => {
  it('offers feedback on a lesson the child attended', () => {
    renderWithProviders(<CompletedCard lesson={done()} />);
    expect(screen.getByRole('button', { name: 'Leave Feedback' })).toBeEnabled();
  });

  it('says why a no-show has no feedback button', () => {
    renderWithProviders(<CompletedCard lesson={done({ is_attends: 0 })} />);
    expect(screen.queryByRole('button', { name: 'Leave Feedback' })).toBeNull();
    expect(
      screen.getByText('Your child did not join this lesson, so there is nothing to rate.'),
    ).toBeVisible();
    expect(screen.getByText('No-show')).toBeInTheDocument();
  });
});
