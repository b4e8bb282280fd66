import type { AppContext } from '../../src/app-context';
import {
  avatars,
  courseSlots,
  courses,
  enrollments,
  lessons,
  levelGroups,
  levels,
  memberships,
  students,
  subjects,
  topics,
} from '../../src/db/schema';
import { newPublicId } from '../../src/lib/ids';
import { appendLedger } from '../../src/modules/credits/ledger.service';
import { enrollChild } from '../../src/modules/scheduling/scheduling.service';

let counter = 0;

/** A live child of the parent with a fresh avatar. */
export async function createChild(ctx: AppContext, parentId: number, nickname = 'Kid') {
  const [avatar] = await ctx.db
    .insert(avatars)
    .values({ url: '/img/avatars/avatar-1.svg' })
    .returning();
  const [child] = await ctx.db
    .insert(students)
    .values({
      student_sn: newPublicId('S'),
      parent_id: parentId,
      nickname,
      birth_date: '2018-05-14',
      avatar_id: avatar!.id,
    })
    .returning();
  return child!;
}

/** A course of a fresh subject and level (three topics) with weekly slots in `zone`. */
export async function createCourse(
  ctx: AppContext,
  options: {
    slots: [weekday: number, start: string][];
    credit?: number;
    duration?: number;
    zone?: string;
    total?: number;
    teacherId?: number;
    capacity?: number;
    classType?: 'one_on_one' | 'small_group' | 'group';
  },
) {
  counter += 1;
  const [subject] = await ctx.db
    .insert(subjects)
    .values({ title_en: `Subject ${counter}`, title_zh: `科目 ${counter}`, img: '/img/s.svg' })
    .returning();
  const [group] = await ctx.db
    .insert(levelGroups)
    .values({ subject_id: subject!.id, title_en: 'Group', title_zh: '组' })
    .returning();
  const [level] = await ctx.db
    .insert(levels)
    .values({
      subject_id: subject!.id,
      level_group_id: group!.id,
      title_en: 'Level 1',
      title_zh: '一级',
      age_range_start: 4,
      age_range_end: 6,
    })
    .returning();
  await ctx.db.insert(topics).values(
    ['Animals', 'Colours', 'Numbers'].map((title, index) => ({
      level_id: level!.id,
      position: index + 1,
      title_en: title,
      title_zh: `主题 ${index + 1}`,
    })),
  );
  const [course] = await ctx.db
    .insert(courses)
    .values({
      subject_id: subject!.id,
      level_id: level!.id,
      class_type: options.classType ?? 'one_on_one',
      capacity:
        options.capacity ?? (options.classType === 'one_on_one' || !options.classType ? 1 : 6),
      teacher_id: options.teacherId ?? null,
      required_credit: options.credit ?? 1,
      duration_minutes: options.duration ?? 25,
      total_lessons: options.total ?? 24,
      time_zone: options.zone ?? 'UTC',
      is_public: false,
    })
    .returning();
  await ctx.db.insert(courseSlots).values(
    options.slots.map(([weekday, start_time]) => ({
      course_id: course!.id,
      weekday,
      start_time,
    })),
  );
  return course!;
}

/** Credits on the parent's ledger (a purchase or a reward). */
export async function grantCredits(
  ctx: AppContext,
  parentId: number,
  credits: { paid?: number; reward?: number },
) {
  counter += 1;
  await appendLedger(ctx.db, {
    parent_id: parentId,
    event: credits.reward ? 'reward' : 'purchase',
    paid_delta: credits.paid ?? 0,
    reward_delta: credits.reward ?? 0,
    title_en: 'Test credits',
    title_zh: '测试课时',
    idempotency_key: `test:${parentId}:${counter}:${Date.now()}`,
  });
}

/** Enrolls the child from `startsAt` (default: now) and schedules `weeks` weeks ahead. */
export function createEnrollment(
  ctx: AppContext,
  input: { parentId: number; studentId: number; courseId: number; startsAt?: Date; weeks?: number },
) {
  const now = ctx.clock.now();
  return enrollChild(
    ctx,
    {
      parentId: input.parentId,
      studentId: input.studentId,
      courseId: input.courseId,
      startsAt: input.startsAt ?? now,
    },
    now,
    input.weeks ?? 4,
  );
}

/**
 * An enrollment row and a way to add its lessons one by one, at given starts (25 minutes, one
 * credit each), without the scheduler: for tests about what happens to lessons, not how they are
 * planned.
 */
export async function createBareEnrollment(
  ctx: AppContext,
  input: { parentId: number; studentId: number; courseId: number },
) {
  const [enrollment] = await ctx.db
    .insert(enrollments)
    .values({
      enrollment_sn: newPublicId('E'),
      parent_id: input.parentId,
      student_id: input.studentId,
      course_id: input.courseId,
      starts_at: new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  let lessonNumber = 100;
  const addLesson = async (startsAt: string | Date) => {
    lessonNumber += 1;
    const start = new Date(startsAt);
    const [lesson] = await ctx.db
      .insert(lessons)
      .values({
        lesson_sn: newPublicId('L'),
        enrollment_id: enrollment!.id,
        parent_id: input.parentId,
        student_id: input.studentId,
        course_id: input.courseId,
        lesson_number: lessonNumber,
        starts_at: start,
        ends_at: new Date(start.getTime() + 25 * 60_000),
        required_credit: 1,
        room_key: newPublicId('K'),
      })
      .returning();
    return lesson!;
  };
  return { enrollment: enrollment!, addLesson };
}

/** An active plan covering the parent's first `kids` children. */
export async function createMembership(ctx: AppContext, parentId: number, kids = 2) {
  const now = ctx.clock.now();
  await ctx.db.insert(memberships).values({
    parent_id: parentId,
    title_en: 'Monthly pass',
    title_zh: '月卡',
    kids,
    price_minor: 34_900,
    starts_at: new Date(now.getTime() - 24 * 3600_000),
    ends_at: new Date(now.getTime() + 30 * 24 * 3600_000),
  });
}
