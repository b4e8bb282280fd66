import { createHash } from 'node:crypto';
import type { LessonTiming } from '@portal/shared/lessons';
import type { AppContext } from '../../app-context';
import type { Config } from '../../config';
import type { LessonRow } from './scheduling.repository';

/** The scheduling module's small shared rules (decision 047), used by its services. */

/** The database only: what the engine needs for work that tells nobody (jobs, demo data). */
export type Db = Pick<AppContext, 'db'>;

/**
 * The database and, when known, the school's zone (closures are dates of that zone). The demo
 * data calls without configuration: it declares no closure, so there is none to read.
 */
export type PlanningCtx = Db & { config?: Pick<Config, 'schoolTimeZone'> };

/** Who is acting, for the audit entry (the staff route's member and client address). */
export interface StaffActor {
  staffId: number;
  ip: string | null;
}

/** How a lesson is named in the credit history, e.g. "Reading · lesson 3" / "Reading 第 3 课". */
export const labelOf = (subject: { en: string; zh: string }, lessonNumber: number) => ({
  en: `${subject.en} · lesson ${lessonNumber}`,
  zh: `${subject.zh} 第 ${lessonNumber} 课`,
});

/** A lesson row's facts as the shared window rules take them (`@portal/shared/lessons`). */
export const lessonTiming = (
  lesson: Pick<LessonRow, 'starts_at' | 'ends_at' | 'cancelled_at' | 'leave_at'>,
): LessonTiming => ({
  startMs: lesson.starts_at.getTime(),
  endMs: lesson.ends_at.getTime(),
  cancelled: lesson.cancelled_at !== null,
  onLeave: lesson.leave_at !== null,
});

/**
 * A class's room key (decision 047): derived from the course's secret and the start, so every
 * child of a class and the teacher open one room, and two instances derive the same key.
 */
export function roomKeyOf(roomSecret: string, startsAt: Date): string {
  return createHash('sha256')
    .update(`${roomSecret}:${startsAt.toISOString()}`)
    .digest('hex')
    .slice(0, 32);
}

/** "HH:mm" on a 24-hour clock (00:00–23:59). */
export function isClockTime(time: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
}

/** Minutes of the day of "HH:mm" ("24:00" is the day's end, as availability windows write it). */
export function minutesOf(time: string): number {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
}

/** Distinct values, in first-seen order. */
export const distinct = <T>(values: T[]): T[] => [...new Set(values)];
