import { isIsoDateInRange } from '@portal/shared/api';
import { badRequest, notFound } from '../../lib/app-error';
import { newPublicId } from '../../lib/ids';
import { dayInZone, zonedTimeToUtc } from '../../lib/time';
import { recordAudit } from '../audit/audit.service';
import { notifyFamilies, type LessonNotice, type NoticeContext } from '../notices/notices.service';
import { cancelLesson } from './call-off.service';
import {
  findCourse,
  findOpenLessonsBetween,
  insertClosure,
  lockClosures,
  lockFamilies,
} from './classes.repository';
import { distinct, type Db, type StaffActor } from './rules';

/**
 * Closures (decision 047): a date range in the school's zone (both ends included), for one
 * course or the whole school (`courseId` null). Declaring one cancels every open lesson not yet
 * started whose school-zone start date is inside, releases their credits at once and tells each
 * family once with the list; the generator skips its dates from then on.
 */
export interface ClosureRange {
  courseId: number | null;
  startsOn: string;
  endsOn: string;
}

export interface ClosureInput extends ClosureRange {
  reasonEn: string;
  reasonZh: string;
}

type ClosureCtx = Db & { config: { schoolTimeZone: string } };

const DAY_MS = 24 * 3600_000;
/** A closure spans at most a year: a longer one is a typing mistake, not a holiday. */
const MAX_CLOSURE_DAYS = 366;
const REASON_MAX_LENGTH = 200;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The instant the school-zone day `date` (+ `plusDays`) starts. */
function dayStart(date: string, plusDays: number, zone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, month - 1, day + plusDays));
  return zonedTimeToUtc(
    {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: 0,
      minute: 0,
    },
    zone,
  );
}

/** The range checked (real days, in order, not over, at most a year) as instants [from, to). */
async function rangeOf(ctx: ClosureCtx, input: ClosureRange, now: Date) {
  if (
    !isIsoDateInRange(input.startsOn) ||
    !isIsoDateInRange(input.endsOn) ||
    input.endsOn < input.startsOn
  )
    throw badRequest('scheduleClosureDatesInvalid');
  const zone = ctx.config.schoolTimeZone;
  if (input.endsOn < dayInZone(zone, now)) throw badRequest('scheduleClosureInPast');
  if (dayNumber(input.endsOn) - dayNumber(input.startsOn) + 1 > MAX_CLOSURE_DAYS)
    throw badRequest('scheduleClosureTooLong');
  if (input.courseId !== null && !(await findCourse(ctx.db, input.courseId)))
    throw notFound('scheduleCourseNotFound');
  return {
    courseId: input.courseId,
    from: dayStart(input.startsOn, 0, zone),
    to: dayStart(input.endsOn, 1, zone),
    now,
  };
}

/** What declaring the closure now would cancel: lessons, families and credits. */
export async function previewClosure(
  ctx: ClosureCtx,
  input: ClosureRange,
  now: Date,
): Promise<{ lessons: number; families: number; credits: number }> {
  const rows = await findOpenLessonsBetween(ctx.db, await rangeOf(ctx, input, now));
  return {
    lessons: rows.length,
    families: distinct(rows.map((row) => row.parent_id)).length,
    credits: rows.reduce((sum, row) => sum + row.required_credit, 0),
  };
}

/**
 * Declares a closure: the row, then each lesson in it cancelled (`closure`) through the one
 * call-off rule, in one transaction with the audit (the closure, and each lesson with its
 * family); each family is told once after the commit.
 */
export async function declareClosure(
  ctx: NoticeContext,
  input: ClosureInput,
  now: Date,
  actor: StaffActor,
): Promise<{ closureSn: string; lessonsCancelled: number; familiesNotified: number }> {
  const reasonEn = input.reasonEn.trim();
  const reasonZh = input.reasonZh.trim();
  if (
    !reasonEn ||
    !reasonZh ||
    reasonEn.length > REASON_MAX_LENGTH ||
    reasonZh.length > REASON_MAX_LENGTH
  )
    throw badRequest('scheduleClosureReasonInvalid');
  const range = await rangeOf(ctx, input, now);
  const result = await ctx.db.transaction(async (tx) => {
    await lockClosures(tx);
    const closure = await insertClosure(tx, {
      closure_sn: newPublicId('K'),
      course_id: input.courseId,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      reason_en: reasonEn,
      reason_zh: reasonZh,
      created_by: actor.staffId,
    });
    const rows = await findOpenLessonsBetween(tx, range, true);
    await lockFamilies(tx, distinct(rows.map((row) => row.parent_id)));
    const notices: LessonNotice[] = [];
    const families = new Set<number>();
    for (const row of rows) {
      const done = await cancelLesson({ db: tx }, row.id, now, 'school', {
        reason: 'closure',
        closureId: closure.id,
      });
      if (!done.changed) continue;
      families.add(row.parent_id);
      notices.push({ kind: 'cancelled', lessonId: row.id, reason: 'closure' });
      await recordAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: 'lesson.cancelled',
        target: { type: 'lesson', id: row.lesson_sn },
        parentId: row.parent_id,
        detail: {
          reason: 'closure',
          closureSn: closure.closure_sn,
          startsAt: row.starts_at.toISOString(),
          creditsReleased: done.credits,
        },
      });
    }
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'closure.declared',
      target: { type: 'closure', id: closure.closure_sn },
      after: {
        courseId: input.courseId,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        reasonEn,
        reasonZh,
      },
      detail: { lessonsCancelled: notices.length, families: families.size },
    });
    return { closureSn: closure.closure_sn, notices, families: families.size };
  });
  await notifyFamilies(ctx, result.notices);
  return {
    closureSn: result.closureSn,
    lessonsCancelled: result.notices.length,
    familiesNotified: result.families,
  };
}
