import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import { newPublicId } from '../../lib/ids';
import { dayInZone } from '../../lib/time';
import { insertEnrolledStaff } from '../../modules/staff/staff.service';
import type { Transaction } from '../client';
import { courses, staff, teachers, teacherTimeOff, type AvailabilityWindow } from '../schema';
import { DEMO_PASSWORD } from './parents';
import { DEMO_STAFF_TOTP_SECRET } from './staff';

/** The demo teacher who signs in to the console (docs/product.md → Demo data). */
export const DEMO_TEACHER_EMAIL = 'teacher@example.com';

export type DemoTeacherKey = 'emma' | 'chen' | 'lin';

const DAY = 24 * 3600_000;

/** Every weekday from `from` to `to` (Sun 0), one window each. */
const days = (from: number, to: number, start: string, end: string): AvailabilityWindow[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ weekday: from + index, start, end }));

/**
 * Three teachers in three zones (issue #22). Emma signs in (`teacher@example.com`, password
 * `demo2026`, the demo TOTP secret) and teaches the demo parent's Mia; Chen teaches Leo's small
 * group and has a week off in a few weeks, so the console's cover list has a lesson to cover;
 * Lin teaches the member parent's child and is free all week, the cover the console offers.
 * All three are enrolled staff members like the demo admin, so their profiles show as active.
 */
const DEMO_TEACHERS: Record<
  DemoTeacherKey,
  {
    email: string;
    nameEn: string;
    nameZh: string;
    photo: string;
    timeZone: string;
    subjects: string[];
    availability: AvailabilityWindow[];
  }
> = {
  emma: {
    email: DEMO_TEACHER_EMAIL,
    nameEn: 'Emma Clarke',
    nameZh: '柯爱玛',
    photo: 'preset:1',
    timeZone: 'Europe/London',
    subjects: ['reading', 'science', 'math'],
    availability: [...days(1, 5, '07:00', '21:00'), ...days(6, 6, '08:00', '14:00')],
  },
  chen: {
    email: 'chen.jing@example.com',
    nameEn: 'Chen Jing',
    nameZh: '陈静',
    photo: 'preset:2',
    timeZone: 'America/New_York',
    subjects: ['math', 'chinese'],
    availability: [...days(0, 0, '16:00', '23:00'), ...days(1, 5, '03:00', '12:00')],
  },
  lin: {
    email: 'lin.yue@example.com',
    nameEn: 'Lin Yue',
    nameZh: '林悦',
    photo: 'preset:3',
    timeZone: 'Asia/Shanghai',
    subjects: ['chinese', 'math'],
    availability: days(0, 6, '00:00', '24:00'),
  },
};

/** Chen's week off: from 17 to 24 days after the demo is made (dates in Chen's zone). */
export const DEMO_TIME_OFF_DAYS: [from: number, to: number] = [17, 24];

/**
 * The teachers, their profiles, weekly availability and Chen's time off, and the catalogue's
 * courses given their teacher (`courses` pairs each course with its teacher's key). Runs after
 * the catalogue (subjects) and before any lesson, so the generator gives each lesson its
 * course's teacher.
 */
export async function seedTeachers(
  tx: Transaction,
  now: Date,
  totpKey: Buffer,
  catalogue: {
    subjectIds: Map<string, number>;
    courses: { id: number; teacher: DemoTeacherKey }[];
  },
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = {} as Record<DemoTeacherKey, number>;
  for (const [key, teacher] of Object.entries(DEMO_TEACHERS) as [
    DemoTeacherKey,
    (typeof DEMO_TEACHERS)[DemoTeacherKey],
  ][]) {
    const staffId = await insertEnrolledStaff(
      tx,
      totpKey,
      {
        email: teacher.email,
        name: teacher.nameEn,
        role: 'teacher',
        passwordHash,
        totpSecret: DEMO_STAFF_TOTP_SECRET,
      },
      now,
    );
    const [row] = await tx
      .insert(teachers)
      .values({
        teacher_sn: newPublicId('T'),
        staff_id: staffId,
        name_en: teacher.nameEn,
        name_zh: teacher.nameZh,
        photo: teacher.photo,
        subject_ids: teacher.subjects.map((subject) => catalogue.subjectIds.get(subject)!),
        time_zone: teacher.timeZone,
        availability: teacher.availability,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: teachers.id });
    ids[key] = row!.id;
  }
  const [from, to] = DEMO_TIME_OFF_DAYS;
  const zone = DEMO_TEACHERS.chen.timeZone;
  await tx.insert(teacherTimeOff).values({
    teacher_id: ids.chen,
    starts_on: dayInZone(zone, new Date(now.getTime() + from * DAY)),
    ends_on: dayInZone(zone, new Date(now.getTime() + to * DAY)),
    note: 'Family visit',
    created_at: now,
  });
  for (const key of Object.keys(ids) as DemoTeacherKey[]) {
    const courseIds = catalogue.courses.filter((c) => c.teacher === key).map((c) => c.id);
    if (courseIds.length)
      await tx.update(courses).set({ teacher_id: ids[key] }).where(inArray(courses.id, courseIds));
  }
}

/** A demo teacher's profile id and staff id. */
export interface DemoTeacher {
  id: number;
  staffId: number;
}

/** The demo teachers by key (none when the demo teachers were not seeded). */
export async function findDemoTeachers(
  tx: Transaction,
): Promise<Partial<Record<DemoTeacherKey, DemoTeacher>>> {
  const rows = await tx
    .select({ id: teachers.id, staffId: teachers.staff_id, email: staff.email })
    .from(teachers)
    .innerJoin(staff, eq(staff.id, teachers.staff_id))
    .where(
      inArray(
        sql`lower(${staff.email})`,
        Object.values(DEMO_TEACHERS).map((teacher) => teacher.email),
      ),
    );
  const found: Partial<Record<DemoTeacherKey, DemoTeacher>> = {};
  for (const [key, teacher] of Object.entries(DEMO_TEACHERS) as [
    DemoTeacherKey,
    (typeof DEMO_TEACHERS)[DemoTeacherKey],
  ][]) {
    const row = rows.find((r) => r.email.toLowerCase() === teacher.email);
    if (row) found[key] = { id: row.id, staffId: row.staffId };
  }
  return found;
}
