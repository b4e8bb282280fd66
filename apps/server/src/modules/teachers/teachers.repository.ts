import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { staff, subjects, teacherPhotos, teachers, teacherTimeOff } from '../../db/schema';

export type TeacherRow = typeof teachers.$inferSelect;
export type TimeOffRow = typeof teacherTimeOff.$inferSelect;

/** A profile with its staff account's e-mail and status. */
export interface TeacherWithStaffRow extends TeacherRow {
  email: string;
  status: 'invited' | 'active' | 'disabled';
}

const withStaff = {
  teacher: teachers,
  email: staff.email,
  status: staff.status,
};

export async function selectTeachers(db: DbOrTx): Promise<TeacherWithStaffRow[]> {
  const rows = await db
    .select(withStaff)
    .from(teachers)
    .innerJoin(staff, eq(staff.id, teachers.staff_id))
    .orderBy(asc(teachers.name_en), asc(teachers.id));
  return rows.map(({ teacher, email, status }) => ({ ...teacher, email, status }));
}

export async function selectTeacherBySn(
  db: DbOrTx,
  teacherSn: string,
  lock = false,
): Promise<TeacherWithStaffRow | undefined> {
  const query = db
    .select(withStaff)
    .from(teachers)
    .innerJoin(staff, eq(staff.id, teachers.staff_id))
    .where(eq(teachers.teacher_sn, teacherSn))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: teachers }) : await query;
  return row ? { ...row.teacher, email: row.email, status: row.status } : undefined;
}

export async function selectTeacherByStaffId(
  db: DbOrTx,
  staffId: number,
): Promise<TeacherRow | undefined> {
  const [row] = await db.select().from(teachers).where(eq(teachers.staff_id, staffId)).limit(1);
  return row;
}

export function selectTeachersByIds(db: DbOrTx, ids: number[]): Promise<TeacherRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(teachers).where(inArray(teachers.id, ids));
}

/** The staff member a profile is for, locked so two creations for one member queue up. */
export async function lockStaffMember(
  db: DbOrTx,
  staffId: number,
): Promise<{ id: number; role: string } | undefined> {
  const [row] = await db
    .select({ id: staff.id, role: staff.role })
    .from(staff)
    .where(eq(staff.id, staffId))
    .for('update');
  return row;
}

/** How many of `ids` name existing subjects. */
export async function countSubjects(db: DbOrTx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subjects)
    .where(inArray(subjects.id, ids));
  return row?.n ?? 0;
}

export async function insertTeacher(
  db: DbOrTx,
  values: typeof teachers.$inferInsert,
): Promise<TeacherRow> {
  const [row] = await db.insert(teachers).values(values).returning();
  return row!;
}

export async function updateTeacherRow(
  db: DbOrTx,
  id: number,
  values: Partial<typeof teachers.$inferInsert>,
): Promise<TeacherRow> {
  const [row] = await db.update(teachers).set(values).where(eq(teachers.id, id)).returning();
  return row!;
}

export async function insertPhoto(
  db: DbOrTx,
  values: { teacher_id: number; content_type: string; bytes: Buffer; created_at: Date },
): Promise<number> {
  const [row] = await db.insert(teacherPhotos).values(values).returning({ id: teacherPhotos.id });
  return row!.id;
}

/** Drops a teacher's earlier uploads: only the photo in use is kept. */
export async function deletePhotosExcept(db: DbOrTx, teacherId: number, keepId: number) {
  await db
    .delete(teacherPhotos)
    .where(and(eq(teacherPhotos.teacher_id, teacherId), ne(teacherPhotos.id, keepId)));
}

export async function selectPhoto(
  db: DbOrTx,
  id: number,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: teacherPhotos.content_type, bytes: teacherPhotos.bytes })
    .from(teacherPhotos)
    .where(eq(teacherPhotos.id, id))
    .limit(1);
  return row;
}

/** A teacher's time off, earliest first. */
export function selectTimeOff(db: DbOrTx, teacherId: number): Promise<TimeOffRow[]> {
  return db
    .select()
    .from(teacherTimeOff)
    .where(eq(teacherTimeOff.teacher_id, teacherId))
    .orderBy(asc(teacherTimeOff.starts_on), asc(teacherTimeOff.id));
}

/** Does any of the teacher's time off share a day with [startsOn, endsOn]? */
export async function hasOverlappingTimeOff(
  db: DbOrTx,
  teacherId: number,
  startsOn: string,
  endsOn: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: teacherTimeOff.id })
    .from(teacherTimeOff)
    .where(
      and(
        eq(teacherTimeOff.teacher_id, teacherId),
        lte(teacherTimeOff.starts_on, endsOn),
        gte(teacherTimeOff.ends_on, startsOn),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertTimeOff(
  db: DbOrTx,
  values: typeof teacherTimeOff.$inferInsert,
): Promise<TimeOffRow> {
  const [row] = await db.insert(teacherTimeOff).values(values).returning();
  return row!;
}

export async function deleteTimeOff(
  db: DbOrTx,
  teacherId: number,
  id: number,
): Promise<TimeOffRow | undefined> {
  const [row] = await db
    .delete(teacherTimeOff)
    .where(and(eq(teacherTimeOff.id, id), eq(teacherTimeOff.teacher_id, teacherId)))
    .returning();
  return row;
}

/** One class (a course's lessons at one start) of a teacher, as the figures count it. */
export interface FigureClassRow {
  starts_at: Date;
  ends_at: Date;
  /** Rows neither cancelled nor on leave. */
  live: number;
  cancelled: number;
  rows: number;
  /** The school-side cancel reason of the class ('other' when cancelled before #22). */
  cancel_reason: string | null;
  teacher_entered_at: Date | null;
  substitute: boolean;
}

/** Why a cancellation is not the school's: the family's own request, an ended enrolment. */
const NOT_SCHOOL_REASONS = ['family-request', 'enrollment-ended', 'child-deleted'];

/**
 * The teacher's classes starting in [from, to): one row per (course, start), with how many of its
 * lessons are live and cancelled, and the earliest school-side cancel reason.
 */
export async function selectFigureClasses(
  db: DbOrTx,
  teacherId: number,
  from: Date,
  to: Date,
): Promise<FigureClassRow[]> {
  const notSchool = sql.join(
    NOT_SCHOOL_REASONS.map((reason) => sql`${reason}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select l.starts_at, max(l.ends_at) as ends_at,
           count(*) filter (where l.cancelled_at is null and l.leave_at is null)::int as live,
           count(*) filter (where l.cancelled_at is not null)::int as cancelled,
           count(*)::int as rows,
           min(coalesce(l.cancel_reason, 'other')) filter (
             where l.cancelled_at is not null
               and coalesce(l.cancel_reason, 'other') not in (${notSchool})
           ) as cancel_reason,
           min(l.teacher_entered_at) as teacher_entered_at,
           bool_or(l.substitute_for_id is not null) as substitute
      from lessons l
     where l.teacher_id = ${teacherId}
       and l.starts_at >= ${from.toISOString()} and l.starts_at < ${to.toISOString()}
     group by l.course_id, l.starts_at
  `);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    starts_at: new Date(row.starts_at as string),
    ends_at: new Date(row.ends_at as string),
    live: Number(row.live),
    cancelled: Number(row.cancelled),
    rows: Number(row.rows),
    cancel_reason: (row.cancel_reason as string | null) ?? null,
    teacher_entered_at: row.teacher_entered_at ? new Date(row.teacher_entered_at as string) : null,
    substitute: row.substitute === true,
  }));
}

/** Parents' ratings of the teacher's lessons starting in [from, to): count and sum of halves. */
export async function selectRatings(
  db: DbOrTx,
  teacherId: number,
  from: Date,
  to: Date,
): Promise<{ count: number; halves: number }> {
  const result = await db.execute(sql`
    select count(*)::int as count, coalesce(sum(c.rating_halves), 0)::int as halves
      from lesson_comments c
      join lessons l on l.id = c.lesson_id
     where l.teacher_id = ${teacherId}
       and l.starts_at >= ${from.toISOString()} and l.starts_at < ${to.toISOString()}
  `);
  const [row] = rowsOf<{ count: number; halves: number }>(result);
  return { count: Number(row?.count ?? 0), halves: Number(row?.halves ?? 0) };
}
