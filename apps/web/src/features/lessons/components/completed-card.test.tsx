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

  it("shows the teacher's photo and name and the teacher's note (issue #22)", () => {
    renderWithProviders(
      <CompletedCard
        lesson={done({
          teacher_name: 'Ms Rivera',
          teacher_photo: '/img/teachers/teacher-3.svg',
          teacher_note: 'Counted to twenty!',
        })}
      />,
    );
    const teacher = screen.getByTestId('teacher');
    expect(teacher).toHaveTextContent('Teacher: Ms Rivera');
    expect(teacher.querySelector('img')).toHaveAttribute('src', '/img/teachers/teacher-3.svg');
    expect(screen.getByTestId('teacher-note')).toHaveTextContent(
      'Note from the teacher' + 'Counted to twenty!',
    );
  });

  it('shows no teacher and no note for a lesson without them', () => {
    renderWithProviders(<CompletedCard lesson={done({ teacher_name: '', teacher_note: '' })} />);
    expect(screen.queryByTestId('teacher')).toBeNull();
    expect(screen.queryByTestId('teacher-note')).toBeNull();
  });
});
