import type { ScheduledLesson } from '@portal/shared/lessons';
import {
  canRequestLeave,
  countdownMs,
  enterRefusal,
  LESSON_STATUS,
  lessonStatus,
  type LessonTiming,
} from '@portal/shared/lessons';

/** The shared window rules' input for a lesson as the API lists it. */
export function timingOf(lesson: ScheduledLesson): LessonTiming {
  return {
    startMs: Date.parse(lesson.start_at),
    endMs: Date.parse(lesson.end_at),
    cancelled: lesson.status === LESSON_STATUS.cancelled,
    onLeave: lesson.attends_status === 1,
  };
}

/** Status badge key of spec §4: leave shows as Leave, otherwise the time-derived status. */
export function statusKey(lesson: ScheduledLesson, nowMs: number): string {
  if (lesson.attends_status === 1) return 'statusLeave';
  return `status${lessonStatus(timingOf(lesson), nowMs)}`;
}

/** "3 h 05 min" parts of a countdown; minutes round up so 0:00:30 reads "1 min". */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const totalMinutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/**
 * What a card shows that depends on the clock: status, entry refusal, leave, and the countdown
 * in whole minutes. Two times with the same answer draw the same card.
 */
export function cardClock(lesson: ScheduledLesson, now: number): string {
  const timing = timingOf(lesson);
  const left = countdownMs(timing.startMs, now);
  const countdown = left === undefined ? '' : JSON.stringify(hoursAndMinutes(left));
  return [
    statusKey(lesson, now),
    enterRefusal(timing, now) ?? '',
    canRequestLeave(timing, now),
    countdown,
  ].join('|');
}
