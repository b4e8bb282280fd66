import type { ScheduledLesson } from '@portal/shared/lessons';

/** Start of the test lesson: Friday 20 November 2026, 08:10 UTC. */
export const LESSON_START = Date.parse('2026-11-20T08:10:00.000Z');
export const MINUTE = 60_000;

/** An upcoming 25-minute lesson as the API lists it, starting at LESSON_START. */
export function scheduledLesson(over: Partial<ScheduledLesson> = {}): ScheduledLesson {
  return {
    lesson_sn: 'L1',
    student_sn: 'S1',
    subject_title: 'English Reading',
    subject_img: '/img/subjects/reading.svg',
    level_title: 'Level 1',
    lesson_topic: 'Animals',
    start_date: '2026-11-20',
    start_time: '08:10',
    end_time: '08:35',
    start_at: new Date(LESSON_START).toISOString(),
    end_at: new Date(LESSON_START + 25 * MINUTE).toISOString(),
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
  };
}
