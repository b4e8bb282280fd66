import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../../test/factories/parents';
import {
  createChild,
  createCourse,
  createEnrollment,
  createMembership,
  grantCredits,
} from '../../../test/factories/lessons';
import { createTeacher, createTimeOff } from '../../../test/factories/teachers';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp } from '../../../test/helpers/ops';
import { rowsOf } from '../../db/client';
import { closures, courseSlots, courses, enrollments, lessons } from '../../db/schema';
import { localParts } from '../../lib/time';
import { getAccount } from '../credits/credits.service';
import { findOutboxMessagesTo } from '../outbox/outbox.service';
import {
  endEnrollment,
  enrollChild,
  generateLessons,
  previewEndEnrollment,
  previewEnrollment,
  roomKeyOf,
  type StaffActor,
} from './scheduling.service';

/**
 * Enrolments through the engine (issue #22, decision 047): the preview is the generator's own
 * plan, capacity holds under parallel enrolments, conflicts are refused, and a course's wall
 * clock survives daylight saving.
 */
const NOW = '2026-11-20T08:00:00.000Z'; // a Friday; the school's zone is Asia/Shanghai
const ADMIN: StaffActor = { staffId: 1, ip: '203.0.113.7' };

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A parent with `credits` (e-mail, Shanghai) and one child. */
async function family(credits = 40, options: { zone?: string } = {}) {
  counter += 1;
  const parent = await createParent(t.ctx, {
    name: `Parent ${counter}`,
    email: `family-${counter}-${Date.now()}@example.com`,
    language: 'en',
    time_zone: options.zone ?? 'Asia/Shanghai',
  });
  const child = await createChild(t.ctx, parent.id, `Kid ${counter}`);
  if (credits) await grantCredits(t.ctx, parent.id, { paid: credits });
  return { parent, child };
}

async function lessonsOf(studentId: number) {
  return t.ctx.db
    .select()
    .from(lessons)
    .where(eq(lessons.student_id, studentId))
    .orderBy(lessons.starts_at);
}

async function auditOf(action: string, parentId: number) {
  return rowsOf<{ staff_id: number; target_type: string; target_id: string; ip: string }>(
    await t.ctx.db.execute(
      sql`select staff_id, target_type, target_id, ip from audit_log
          where action = ${action} and parent_id = ${parentId} order by id`,
    ),
  );
}

const input = (f: Awaited<ReturnType<typeof family>>, courseId: number, startsAt = NOW) => ({
  parentId: f.parent.id,
  studentId: f.child.id,
  courseId,
  startsAt: new Date(startsAt),
});

/** The fields the preview and the generator share, of planned and of stored lessons. */
const planned = (
  rows: {
    lessonNumber: number;
    startsAt: Date;
    endsAt: Date;
    teacherId: number | null;
    credits: number;
  }[],
) =>
  rows.map((row) => ({
    number: row.lessonNumber,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    teacherId: row.teacherId,
    credits: row.credits,
  }));
const stored = (rows: (typeof lessons.$inferSelect)[]) =>
  rows.map((row) => ({
    number: row.lesson_number,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    teacherId: row.teacher_id,
    credits: row.required_credit,
  }));

describe('the enrolment preview', () => {
  it('gives the lessons the generator creates: slots, teacher, credits, closures skipped', async () => {
    t.clock.set(NOW);
    const teacher = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, {
      slots: [
        [1, '09:00'],
        [4, '15:00'],
      ],
      credit: 2,
      teacherId: teacher.id,
      classType: 'small_group',
    });
    // Thursday 26 Nov 15:00 UTC is 23:00 that Thursday in Shanghai, the school's zone: closed.
    await t.ctx.db.insert(closures).values({
      closure_sn: 'K-TEST-1',
      course_id: course.id,
      starts_on: '2026-11-26',
      ends_on: '2026-11-26',
      reason_en: 'Thanksgiving',
      reason_zh: '感恩节',
    });
    const f = await family(40);
    const preview = await previewEnrollment(t.ctx, input(f, course.id), t.clock.now(), 4);
    expect(preview.lessons.map((lesson) => lesson.startsAt.toISOString())).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-30T09:00:00.000Z',
      '2026-12-03T15:00:00.000Z',
      '2026-12-07T09:00:00.000Z',
      '2026-12-10T15:00:00.000Z',
      '2026-12-14T09:00:00.000Z',
      '2026-12-17T15:00:00.000Z',
    ]);
    // The closed Thursday used no number: 1..7 in order.
    expect(preview.lessons.map((lesson) => lesson.lessonNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(preview).toMatchObject({
      creditsNeeded: 14,
      available: 40,
      coveredByPlan: false,
      shortBy: 0,
      full: false,
      retired: false,
      conflicts: [],
    });

    await enrollChild(t.ctx, input(f, course.id), t.clock.now(), 4, ADMIN);
    const rows = await lessonsOf(f.child.id);
    expect(stored(rows)).toEqual(planned(preview.lessons));
    expect(rows.every((row) => row.teacher_id === teacher.id)).toBe(true);
    expect((await getAccount(t.ctx, f.parent.id)).available).toBe(26);

    // The job generating the same enrolment later plans the same way and adds nothing now.
    expect(await generateLessons(t.ctx, t.clock.now(), 4)).toBe(0);
    // A second child of the class shares each lesson's room with the first (one room per class).
    const other = await family(40);
    await enrollChild(t.ctx, input(other, course.id), t.clock.now(), 4, ADMIN);
    const otherRows = await lessonsOf(other.child.id);
    expect(otherRows.map((row) => row.room_key)).toEqual(rows.map((row) => row.room_key));
    expect(rows[0]!.room_key).toBe(roomKeyOf(course.room_secret, rows[0]!.starts_at));
    expect(new Set(rows.map((row) => row.room_key)).size).toBe(rows.length);
  });

  it('says what the balance does not cover, and what a plan covers', async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, { slots: [[1, '09:00']], credit: 1 });
    const short = await family(3);
    const preview = await previewEnrollment(t.ctx, input(short, course.id), t.clock.now(), 4);
    expect(preview).toMatchObject({ creditsNeeded: 4, available: 3, shortBy: 1 });
    await enrollChild(t.ctx, input(short, course.id), t.clock.now(), 4, ADMIN);
    // The fourth lesson waits for a top-up, as the generator always did.
    expect(stored(await lessonsOf(short.child.id))).toEqual(planned(preview.lessons.slice(0, 3)));

    const member = await family(0);
    await createMembership(t.ctx, member.parent.id, 1);
    const groupCourse = await createCourse(t.ctx, { slots: [[2, '10:00']], credit: 2 });
    const covered = await previewEnrollment(t.ctx, input(member, groupCourse.id), t.clock.now(), 2);
    expect(covered).toMatchObject({ creditsNeeded: 0, coveredByPlan: true, shortBy: 0 });
    expect(covered.lessons.map((lesson) => lesson.credits)).toEqual([0, 0]);
  });

  it('starts a staff enrolment now at the earliest', async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, { slots: [[5, '07:00']] });
    const f = await family();
    const twoWeeksAgo = '2026-11-06T08:00:00.000Z';
    const preview = await previewEnrollment(
      t.ctx,
      input(f, course.id, twoWeeksAgo),
      t.clock.now(),
      2,
    );
    expect(preview.lessons[0]!.startsAt.toISOString()).toBe('2026-11-27T07:00:00.000Z');
    await enrollChild(t.ctx, input(f, course.id, twoWeeksAgo), t.clock.now(), 2, ADMIN);
    expect(stored(await lessonsOf(f.child.id))).toEqual(planned(preview.lessons));
  });
});

describe('enrolling', () => {
  it('never overfills a course when enrolments race for the last places', async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, {
      slots: [[3, '11:00']],
      classType: 'small_group',
      capacity: 2,
    });
    const families = await Promise.all([family(), family(), family(), family()]);
    const results = await Promise.allSettled(
      families.map((f) => enrollChild(t.ctx, input(f, course.id), t.clock.now(), 2, ADMIN)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    for (const result of results.filter((r) => r.status === 'rejected'))
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        errorCode: 'CONFLICT',
        messageKey: 'scheduleCourseFull',
      });
    const running = await t.ctx.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.course_id, course.id));
    expect(running).toHaveLength(2);
    const [refused] = families.filter((_, i) => results[i]!.status === 'rejected');
    expect(await lessonsOf(refused!.child.id)).toEqual([]);
    expect((await getAccount(t.ctx, refused!.parent.id)).available).toBe(40);
    expect(await auditOf('enrollment.created', refused!.parent.id)).toEqual([]);
    const preview = await previewEnrollment(t.ctx, input(refused!, course.id), t.clock.now(), 2);
    expect(preview.full).toBe(true);
  });

  it('refuses a retired course, another family’s child, an unknown course, a course without slots', async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, { slots: [[3, '11:00']] });
    const f = await family();
    const stranger = await family();
    await expect(
      enrollChild(
        t.ctx,
        { ...input(f, course.id), studentId: stranger.child.id },
        t.clock.now(),
        2,
        ADMIN,
      ),
    ).rejects.toMatchObject({ errorCode: 'NOT_FOUND', messageKey: 'scheduleChildNotFound' });
    await expect(
      previewEnrollment(
        t.ctx,
        { ...input(f, course.id), studentId: stranger.child.id },
        t.clock.now(),
        2,
      ),
    ).rejects.toMatchObject({ messageKey: 'scheduleChildNotFound' });
    await expect(
      enrollChild(t.ctx, input(f, 999_999), t.clock.now(), 2, ADMIN),
    ).rejects.toMatchObject({ errorCode: 'NOT_FOUND', messageKey: 'scheduleCourseNotFound' });

    await t.ctx.db
      .update(courses)
      .set({ retired_at: t.clock.now() })
      .where(eq(courses.id, course.id));
    expect((await previewEnrollment(t.ctx, input(f, course.id), t.clock.now(), 2)).retired).toBe(
      true,
    );
    await expect(
      enrollChild(t.ctx, input(f, course.id), t.clock.now(), 2, ADMIN),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleCourseRetired' });

    const empty = await createCourse(t.ctx, { slots: [[3, '11:00']] });
    await t.ctx.db.delete(courseSlots).where(eq(courseSlots.course_id, empty.id));
    await expect(
      enrollChild(t.ctx, input(f, empty.id), t.clock.now(), 2, ADMIN),
    ).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', messageKey: 'scheduleCourseNoSlots' });
    const written = await t.ctx.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.parent_id, f.parent.id));
    expect(written).toEqual([]);
  });

  it('refuses a child or a teacher busy and writes nothing; the teacher off needs cover only', async () => {
    t.clock.set(NOW);
    const teacher = await createTeacher(t.ctx);
    const mondays = await createCourse(t.ctx, { slots: [[1, '09:00']], teacherId: teacher.id });
    const f = await family();
    await enrollChild(t.ctx, input(f, mondays.id), t.clock.now(), 4, ADMIN);

    // The same child, Mondays 09:10 in another course: busy.
    const overlapping = await createCourse(t.ctx, { slots: [[1, '09:10']] });
    const childBusy = await previewEnrollment(t.ctx, input(f, overlapping.id), t.clock.now(), 2);
    expect(childBusy.conflicts).toEqual([
      { startsAt: new Date('2026-11-23T09:10:00.000Z'), kind: 'child-busy' },
      { startsAt: new Date('2026-11-30T09:10:00.000Z'), kind: 'child-busy' },
    ]);
    await expect(
      enrollChild(t.ctx, input(f, overlapping.id), t.clock.now(), 2, ADMIN),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleChildBusy' });

    // Another child, another course of the same teacher at the same time: the teacher is busy.
    const sameTeacher = await createCourse(t.ctx, { slots: [[1, '09:00']], teacherId: teacher.id });
    const g = await family();
    await expect(
      enrollChild(t.ctx, input(g, sameTeacher.id), t.clock.now(), 2, ADMIN),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleTeacherBusy' });

    // A teacher off on Tuesday 1 December (their zone is UTC).
    const offTeacher = await createTeacher(t.ctx);
    await createTimeOff(t.ctx, offTeacher.id, '2026-12-01', '2026-12-01');
    const tuesdays = await createCourse(t.ctx, { slots: [[2, '09:00']], teacherId: offTeacher.id });
    const off = await previewEnrollment(t.ctx, input(g, tuesdays.id), t.clock.now(), 2);
    expect(off.conflicts).toEqual([
      { startsAt: new Date('2026-12-01T09:00:00.000Z'), kind: 'teacher-off' },
    ]);
    expect(await lessonsOf(g.child.id)).toEqual([]);
    expect((await getAccount(t.ctx, g.parent.id)).available).toBe(40);
    expect(
      await t.ctx.db.select().from(enrollments).where(eq(enrollments.parent_id, g.parent.id)),
    ).toEqual([]);

    // Time off ahead does not close the course: the lesson is made and is listed for cover.
    await enrollChild(t.ctx, input(g, tuesdays.id), t.clock.now(), 2, ADMIN);
    expect(await lessonsOf(g.child.id)).toHaveLength(2);

    // The same class is no conflict: a second child joins the teacher's group at that time.
    const group = await createCourse(t.ctx, {
      slots: [[3, '09:00']],
      teacherId: teacher.id,
      classType: 'small_group',
    });
    await enrollChild(t.ctx, input(f, group.id), t.clock.now(), 2, ADMIN);
    await enrollChild(t.ctx, input(g, group.id), t.clock.now(), 2, ADMIN);
    expect(await lessonsOf(g.child.id)).toHaveLength(4);
  });

  it('audits the enrolment with its family and sends the family one message', async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, { slots: [[1, '09:00']] });
    const f = await family();
    const made = await enrollChild(t.ctx, input(f, course.id), t.clock.now(), 3, ADMIN);
    expect(await auditOf('enrollment.created', f.parent.id)).toEqual([
      { staff_id: 1, target_type: 'enrollment', target_id: made.enrollmentSn, ip: ADMIN.ip },
    ]);
    const sent = await findOutboxMessagesTo(t.ctx, f.parent.email!, 10);
    expect(sent).toHaveLength(1);
    // Mondays 09:00 UTC are Mondays 17:00 in Shanghai, the parent's zone.
    expect(sent[0]!.body.split('\n').filter((line) => line.startsWith('• '))).toHaveLength(3);
    expect(sent[0]!.body).toContain('17:00');

    // The demo data and fixtures enrol without an actor: not audited, nobody told.
    const quiet = await family();
    await createEnrollment(t.ctx, {
      parentId: quiet.parent.id,
      studentId: quiet.child.id,
      courseId: (await createCourse(t.ctx, { slots: [[2, '09:00']] })).id,
    });
    expect(await auditOf('enrollment.created', quiet.parent.id)).toEqual([]);
    expect(await findOutboxMessagesTo(t.ctx, quiet.parent.email!, 10)).toEqual([]);
  });
});

describe('ending an enrolment', () => {
  it('previews and cancels the coming lessons, gives their credits back, once', async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, { slots: [[1, '09:00']], credit: 2 });
    const f = await family(20);
    const made = await enrollChild(t.ctx, input(f, course.id), t.clock.now(), 4, ADMIN);
    expect((await getAccount(t.ctx, f.parent.id)).available).toBe(12);
    // The first lesson has started (Monday 09:00) when the enrolment ends: it stays.
    t.clock.set('2026-11-24T08:00:00.000Z');
    const preview = await previewEndEnrollment(t.ctx, made.id, t.clock.now());
    expect(preview.credits).toBe(6);
    expect(preview.lessons.map((lesson) => lesson.startsAt.toISOString())).toEqual([
      '2026-11-30T09:00:00.000Z',
      '2026-12-07T09:00:00.000Z',
      '2026-12-14T09:00:00.000Z',
    ]);
    const results = await Promise.allSettled([
      endEnrollment(t.ctx, made.id, t.clock.now(), ADMIN),
      endEnrollment(t.ctx, made.id, t.clock.now(), ADMIN),
    ]);
    const ended = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{
      lessonsCancelled: number;
      creditsReleased: number;
    }>;
    expect(ended.value).toEqual({ lessonsCancelled: 3, creditsReleased: 6 });
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { errorCode: 'CONFLICT', messageKey: 'scheduleEnrollmentEnded' },
    });
    expect((await getAccount(t.ctx, f.parent.id)).available).toBe(18);
    const rows = await lessonsOf(f.child.id);
    expect(rows.map((row) => row.cancel_reason)).toEqual([
      null,
      'enrollment-ended',
      'enrollment-ended',
      'enrollment-ended',
    ]);
    const releases = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from credit_ledger
            where parent_id = ${f.parent.id} and event = 'release'`,
      ),
    );
    expect(releases[0]!.n).toBe(3);
    expect(await auditOf('enrollment.ended', f.parent.id)).toHaveLength(1);
    // The generator schedules nothing more for it.
    t.clock.set('2026-12-20T08:00:00.000Z');
    await generateLessons(t.ctx, t.clock.now(), 4, [made.id]);
    expect(await lessonsOf(f.child.id)).toHaveLength(4);
    await expect(previewEndEnrollment(t.ctx, 999_999, t.clock.now())).rejects.toMatchObject({
      messageKey: 'scheduleEnrollmentNotFound',
    });
  });
});

describe('daylight saving', () => {
  /** New York Mondays 17:00; the parent lives in Shanghai, which keeps its clock. */
  async function newYork(now: string) {
    t.clock.set(now);
    const course = await createCourse(t.ctx, { slots: [[1, '17:00']], zone: 'America/New_York' });
    const f = await family(40);
    const preview = await previewEnrollment(t.ctx, input(f, course.id, now), t.clock.now(), 4);
    await enrollChild(t.ctx, input(f, course.id, now), t.clock.now(), 4, ADMIN);
    const rows = await lessonsOf(f.child.id);
    expect(stored(rows)).toEqual(planned(preview.lessons));
    for (const row of rows) {
      const local = localParts(row.starts_at, 'America/New_York');
      expect([local.weekday, local.hour, local.minute]).toEqual([1, 17, 0]);
    }
    return rows.map((row) => ({
      utc: row.starts_at.toISOString(),
      shanghai: localParts(row.starts_at, 'Asia/Shanghai').hour,
    }));
  }

  it('keeps the New York time across the March change; Shanghai sees it an hour earlier', async () => {
    expect(await newYork('2027-03-01T12:00:00.000Z')).toEqual([
      { utc: '2027-03-01T22:00:00.000Z', shanghai: 6 },
      { utc: '2027-03-08T22:00:00.000Z', shanghai: 6 },
      { utc: '2027-03-15T21:00:00.000Z', shanghai: 5 },
      { utc: '2027-03-22T21:00:00.000Z', shanghai: 5 },
    ]);
  });

  it('keeps the New York time across the November change; Shanghai sees it an hour later', async () => {
    expect(await newYork('2027-10-25T12:00:00.000Z')).toEqual([
      { utc: '2027-10-25T21:00:00.000Z', shanghai: 5 },
      { utc: '2027-11-01T21:00:00.000Z', shanghai: 5 },
      { utc: '2027-11-08T22:00:00.000Z', shanghai: 6 },
      { utc: '2027-11-15T22:00:00.000Z', shanghai: 6 },
    ]);
  });
});
