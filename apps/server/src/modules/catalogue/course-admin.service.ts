import type { ClassType } from '@portal/shared/catalogue';
import type { CatalogueCourseBody, CatalogueCourseSlot } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { findTeacherDisplay } from '../teachers/teachers.service';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { changedFields } from '../audit/audit.service';
import {
  countRunningEnrollments,
  findCourseForUpdate,
  findCourses,
  findCourseSlots,
  findLevel,
  insertCourse,
  replaceCourseSlots,
  updateCourse,
  type CourseFilter,
  type CourseRow,
} from './catalogue-admin.repository';
import {
  auditCatalogue,
  teacherOptionOf,
  type CatalogueActor,
  type TeacherOption,
} from './catalogue-admin.service';

/**
 * Courses as the school edits them (issue #22): create, edit, retire. A course is never deleted:
 * lessons, enrolments and the ledger point at it. Retiring takes it off the public schedule at
 * once (the schedule reads `retired_at` on every request) and the scheduling service refuses new
 * enrolments in it; children already enrolled keep their planned lessons until their enrolment
 * is ended in the timetable.
 */

export interface AdminCourse {
  id: number;
  subjectId: number;
  levelId: number;
  titleEn: string;
  titleZh: string;
  classType: ClassType;
  capacity: number;
  /** Running enrolments. */
  enrolled: number;
  creditsPerLesson: number;
  durationMinutes: number;
  totalLessons: number;
  isPublic: boolean;
  timeZone: string;
  teacher: TeacherOption | null;
  /** Monday first, then by time. */
  slots: CatalogueCourseSlot[];
  retiredAt: Date | null;
  createdAt: Date;
}

/** Monday first (the school's week), then by time: the order forms and audit entries use. */
export function sortSlots(slots: readonly CatalogueCourseSlot[]): CatalogueCourseSlot[] {
  return [...slots].sort(
    (a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7) || a.time.localeCompare(b.time),
  );
}

async function coursesOf(
  db: DbOrTx,
  rows: Awaited<ReturnType<typeof findCourses>>,
): Promise<AdminCourse[]> {
  const ids = rows.map((row) => row.course.id);
  const [slotRows, running] = await Promise.all([
    findCourseSlots(db, ids),
    countRunningEnrollments(db, ids),
  ]);
  const slotsOf = new Map<number, CatalogueCourseSlot[]>();
  for (const slot of slotRows)
    slotsOf.set(slot.course_id, [
      ...(slotsOf.get(slot.course_id) ?? []),
      { weekday: slot.weekday, time: slot.start_time },
    ]);
  return rows.map(({ course, subject, level, teacher }) => ({
    id: course.id,
    subjectId: course.subject_id,
    levelId: course.level_id,
    titleEn: `${subject.title_en} · ${level.title_en}`,
    titleZh: `${subject.title_zh} · ${level.title_zh}`,
    classType: course.class_type,
    capacity: course.capacity,
    enrolled: running.get(course.id) ?? 0,
    creditsPerLesson: course.required_credit,
    durationMinutes: course.duration_minutes,
    totalLessons: course.total_lessons,
    isPublic: course.is_public,
    timeZone: course.time_zone,
    teacher: teacher ? teacherOptionOf(teacher) : null,
    slots: sortSlots(slotsOf.get(course.id) ?? []),
    retiredAt: course.retired_at,
    createdAt: course.created_at,
  }));
}

/** GET /api/ops/catalogue/courses: every course the filters match. */
export async function listCourses(
  ctx: Pick<AppContext, 'db'>,
  filter: CourseFilter,
): Promise<AdminCourse[]> {
  return coursesOf(ctx.db, await findCourses(ctx.db, filter));
}

/** One course, retired or not. */
export async function getCourse(ctx: Pick<AppContext, 'db'>, id: number): Promise<AdminCourse> {
  const [course] = await coursesOf(ctx.db, await findCourses(ctx.db, { status: 'all' }, [id]));
  if (!course) throw notFound('courseNotFound');
  return course;
}

/** The level (for the subject) and the teacher a course names must exist. */
async function requireReferences(db: DbOrTx, body: CatalogueCourseBody) {
  const level = await findLevel(db, body.levelId);
  if (!level) throw badRequest('courseLevelUnknown');
  if (body.teacherId !== null && !(await findTeacherDisplay({ db }, [body.teacherId])).size)
    throw badRequest('courseTeacherUnknown');
  return level;
}

const courseColumns = (body: CatalogueCourseBody, subjectId: number) => ({
  subject_id: subjectId,
  level_id: body.levelId,
  class_type: body.classType,
  capacity: body.capacity,
  required_credit: body.creditsPerLesson,
  duration_minutes: body.durationMinutes,
  total_lessons: body.totalLessons,
  time_zone: body.timeZone,
  is_public: body.isPublic,
  teacher_id: body.teacherId,
});

/** The fields an audit entry compares, in the body's names. */
const auditedFields = (course: CourseRow, slots: CatalogueCourseSlot[]) => ({
  levelId: course.level_id,
  classType: course.class_type,
  capacity: course.capacity,
  creditsPerLesson: course.required_credit,
  durationMinutes: course.duration_minutes,
  totalLessons: course.total_lessons,
  isPublic: course.is_public,
  timeZone: course.time_zone,
  teacherId: course.teacher_id,
  slots,
});

export async function createCourse(
  ctx: Pick<AppContext, 'db'>,
  body: CatalogueCourseBody,
  actor: CatalogueActor,
): Promise<AdminCourse> {
  const id = await ctx.db.transaction(async (tx) => {
    const level = await requireReferences(tx, body);
    const row = await insertCourse(tx, courseColumns(body, level.subject_id));
    const slots = sortSlots(body.slots);
    await replaceCourseSlots(tx, row.id, slots);
    await auditCatalogue(
      tx,
      actor,
      'catalogue.created',
      { type: 'course', id: row.id },
      {
        after: { subjectId: level.subject_id, ...body, slots },
      },
    );
    return row.id;
  });
  return getCourse(ctx, id);
}

/**
 * Replaces a course's settings. While children are enrolled their lessons are already planned
 * from the course's level, zone, duration and weekly times, so those stay (the timetable moves
 * lessons); the capacity cannot drop below the children enrolled. The course row is locked, as
 * the scheduling service locks it to count places, so an enrolment cannot slip past the check.
 * A new teacher takes the lessons planned from now on; lessons already planned keep theirs
 * (a substitute changes one class in the timetable).
 */
export async function updateCourseById(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  id: number,
  body: CatalogueCourseBody,
  actor: CatalogueActor,
): Promise<AdminCourse> {
  await ctx.db.transaction(async (tx) => {
    const course = await findCourseForUpdate(tx, id);
    if (!course) throw notFound('courseNotFound');
    if (course.retired_at) throw conflict('courseRetired');
    const level = await requireReferences(tx, body);
    const was = auditedFields(
      course,
      sortSlots(
        (await findCourseSlots(tx, [id])).map((slot) => ({
          weekday: slot.weekday,
          time: slot.start_time,
        })),
      ),
    );
    const slots = sortSlots(body.slots);
    const diff = changedFields(was, { ...body, slots });
    const enrolled = (await countRunningEnrollments(tx, [id])).get(id) ?? 0;
    if (enrolled > 0) {
      const planned = ['levelId', 'timeZone', 'durationMinutes', 'slots'] as const;
      if (planned.some((field) => field in diff.after)) throw conflict('courseScheduleLocked');
      if (body.capacity < enrolled)
        throw new AppError('CONFLICT', 'courseCapacityBelowEnrolled', { enrolled });
    }
    if (Object.keys(diff.after).length === 0) return;
    await updateCourse(tx, id, {
      ...courseColumns(body, level.subject_id),
      updated_at: ctx.clock.now(),
    });
    if ('slots' in diff.after) await replaceCourseSlots(tx, id, slots);
    await auditCatalogue(tx, actor, 'catalogue.updated', { type: 'course', id }, diff);
  });
  return getCourse(ctx, id);
}

/** Retires a course: off the public schedule at once, no new enrolments; never deleted. */
export async function retireCourse(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  id: number,
  actor: CatalogueActor,
): Promise<AdminCourse> {
  await ctx.db.transaction(async (tx) => {
    const course = await findCourseForUpdate(tx, id);
    if (!course) throw notFound('courseNotFound');
    if (course.retired_at) throw conflict('courseRetired');
    const now = ctx.clock.now();
    await updateCourse(tx, id, { retired_at: now, updated_at: now });
    const enrolled = (await countRunningEnrollments(tx, [id])).get(id) ?? 0;
    await auditCatalogue(
      tx,
      actor,
      'catalogue.retired',
      { type: 'course', id },
      {
        before: { retiredAt: null },
        after: { retiredAt: now.toISOString(), enrolled },
      },
    );
  });
  return getCourse(ctx, id);
}
