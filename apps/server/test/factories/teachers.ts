import type { AppContext } from '../../src/app-context';
import { staff, teachers, teacherTimeOff, type AvailabilityWindow } from '../../src/db/schema';
import { newPublicId } from '../../src/lib/ids';

let counter = 0;

/** Every weekday, all day: a teacher who is never unavailable unless a test says so. */
export const ALWAYS_AVAILABLE: AvailabilityWindow[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  start: '00:00',
  end: '24:00',
}));

/**
 * A teacher: an active staff member with the `teacher` role (a new one, or `staffId` — e.g. the
 * ops test app's teacher, id 3) and a profile teaching `subjectIds`.
 */
export async function createTeacher(
  ctx: Pick<AppContext, 'db'>,
  options: {
    staffId?: number;
    name?: string;
    subjectIds?: number[];
    timeZone?: string;
    availability?: AvailabilityWindow[];
  } = {},
) {
  counter += 1;
  let staffId = options.staffId;
  if (staffId === undefined) {
    const [member] = await ctx.db
      .insert(staff)
      .values({
        email: `teacher-${counter}-${Date.now()}@staff.test`,
        name: options.name ?? `Teacher ${counter}`,
        role: 'teacher',
        status: 'active',
      })
      .returning();
    staffId = member!.id;
  }
  const [teacher] = await ctx.db
    .insert(teachers)
    .values({
      teacher_sn: newPublicId('T'),
      staff_id: staffId,
      name_en: options.name ?? `Teacher ${counter}`,
      name_zh: `老师 ${counter}`,
      subject_ids: options.subjectIds ?? [],
      time_zone: options.timeZone ?? 'UTC',
      availability: options.availability ?? ALWAYS_AVAILABLE,
    })
    .returning();
  return teacher!;
}

/** Time off from `startsOn` to `endsOn` (both included, `YYYY-MM-DD` in the teacher's zone). */
export async function createTimeOff(
  ctx: Pick<AppContext, 'db'>,
  teacherId: number,
  startsOn: string,
  endsOn: string,
) {
  const [row] = await ctx.db
    .insert(teacherTimeOff)
    .values({ teacher_id: teacherId, starts_on: startsOn, ends_on: endsOn })
    .returning();
  return row!;
}
