import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../../test/factories/parents';
import { createChild, createCourse, grantCredits } from '../../../test/factories/lessons';
import { createTeacher, createTimeOff } from '../../../test/factories/teachers';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp } from '../../../test/helpers/ops';
import { rowsOf } from '../../db/client';
import { closures, enrollmentSlots, lessons } from '../../db/schema';
import { localParts } from '../../lib/time';
import { getAccount } from '../credits/credits.service';
import { findOutboxMessagesTo } from '../outbox/outbox.service';
import {
  assignSubstitute,
  cancelClass,
  cancelLesson,
  coverCandidates,
  enrollChild,
  generateLessons,
  moveClass,
  moveFollowing,
  nextSlotStarts,
  roomKeyOf,
  type StaffActor,
} from './scheduling.service';

/**
 * Changes to scheduled classes (issue #22, decision 047): a class is every child's row of one
 * course at one start; cancel, move and substitute act on it, "this and all following" on one
 * enrolment. Conflicts are refused and change nothing; the ledger stays exact under races.
 */
const NOW = '2026-11-20T08:00:00.000Z'; // a Friday; lessons below are Mondays 09:00 UTC
const ADMIN: StaffActor = { staffId: 1, ip: '203.0.113.7' };

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function family(credits = 40, zone = 'Asia/Shanghai') {
  counter += 1;
  const parent = await createParent(t.ctx, {
    name: `Parent ${counter}`,
    email: `change-${counter}-${Date.now()}@example.com`,
    language: 'en',
    time_zone: zone,
  });
  const child = await createChild(t.ctx, parent.id, `Kid ${counter}`);
  await grantCredits(t.ctx, parent.id, { paid: credits });
  return { parent, child };
}
type Family = Awaited<ReturnType<typeof family>>;

async function enrol(f: Family, courseId: number, weeks = 4) {
  return enrollChild(
    t.ctx,
    { parentId: f.parent.id, studentId: f.child.id, courseId, startsAt: t.clock.now() },
    t.clock.now(),
    weeks,
    ADMIN,
  );
}

async function lessonsOf(studentId: number) {
  return t.ctx.db
    .select()
    .from(lessons)
    .where(eq(lessons.student_id, studentId))
    .orderBy(lessons.lesson_number);
}

/** A group class (Mondays 09:00 UTC, 2 credits) of a teacher with two children of two families. */
async function groupClass() {
  t.clock.set(NOW);
  const teacher = await createTeacher(t.ctx);
  const course = await createCourse(t.ctx, {
    slots: [[1, '09:00']],
    credit: 2,
    teacherId: teacher.id,
    classType: 'small_group',
  });
  const a = await family();
  const b = await family();
  await enrol(a, course.id);
  await enrol(b, course.id);
  const [first] = await lessonsOf(a.child.id);
  return { teacher, course, a, b, lesson: first! };
}

async function ledgerCount(parentId: number, event: string) {
  const [row] = rowsOf<{ n: number }>(
    await t.ctx.db.execute(
      sql`select count(*)::int as n from credit_ledger
          where parent_id = ${parentId} and event = ${event}`,
    ),
  );
  return row!.n;
}

async function auditCount(action: string, parentId: number) {
  const [row] = rowsOf<{ n: number }>(
    await t.ctx.db.execute(
      sql`select count(*)::int as n from audit_log
          where action = ${action} and parent_id = ${parentId}`,
    ),
  );
  return row!.n;
}

const messagesTo = (f: Family) => findOutboxMessagesTo(t.ctx, f.parent.email!, 20);

describe('cancelling a class', () => {
  it('cancels every child of the class with the reason, credits back, each family told once', async () => {
    const c = await groupClass();
    expect((await getAccount(t.ctx, c.a.parent.id)).available).toBe(32);
    const before = (await messagesTo(c.a)).length;
    expect(await cancelClass(t.ctx, c.lesson.id, 'teacher-ill', t.clock.now(), ADMIN)).toEqual({
      lessonsCancelled: 2,
      creditsReleased: 4,
    });
    for (const f of [c.a, c.b]) {
      const [first] = await lessonsOf(f.child.id);
      expect(first).toMatchObject({ cancel_reason: 'teacher-ill' });
      expect(first!.cancelled_at).not.toBeNull();
      expect((await getAccount(t.ctx, f.parent.id)).available).toBe(34);
      expect(await auditCount('lesson.cancelled', f.parent.id)).toBe(1);
    }
    const after = await messagesTo(c.a);
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.body).toContain('the teacher is ill');
    // Nothing left to cancel; refusals change nothing.
    await expect(
      cancelClass(t.ctx, c.lesson.id, 'teacher-ill', t.clock.now(), ADMIN),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleLessonNotOpen' });
    const [, second] = await lessonsOf(c.a.child.id);
    await expect(
      cancelClass(t.ctx, second!.id, 'no-such' as 'teacher-ill', t.clock.now(), ADMIN),
    ).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', messageKey: 'scheduleReasonInvalid' });
    await expect(
      cancelClass(t.ctx, second!.id, 'teacher-ill', second!.starts_at, ADMIN),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleLessonStarted' });
    await expect(
      cancelClass(t.ctx, 999_999, 'teacher-ill', t.clock.now(), ADMIN),
    ).rejects.toMatchObject({ errorCode: 'NOT_FOUND', messageKey: 'scheduleLessonNotFound' });
    expect((await getAccount(t.ctx, c.a.parent.id)).available).toBe(34);
  });

  it('releases each credit once when two cancellations and a leave race', async () => {
    const c = await groupClass();
    const results = await Promise.allSettled([
      cancelClass(t.ctx, c.lesson.id, 'teacher-ill', t.clock.now(), ADMIN),
      cancelClass(t.ctx, c.lesson.id, 'school-decision', t.clock.now(), ADMIN),
      cancelLesson(t.ctx, c.lesson.id, t.clock.now(), 'parent'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const f of [c.a, c.b]) {
      expect(await ledgerCount(f.parent.id, 'release')).toBe(1);
      // Four lessons of 2 reserved, one called off: 6 still held.
      expect((await getAccount(t.ctx, f.parent.id)).available).toBe(34);
    }
    const rows = [...(await lessonsOf(c.a.child.id)), ...(await lessonsOf(c.b.child.id))].filter(
      (row) => row.lesson_number === 1,
    );
    expect(rows.every((row) => row.cancelled_at !== null || row.leave_at !== null)).toBe(true);
  });
});

describe('moving one class', () => {
  it('moves every child with the new room and times, numbers and credits kept; audited, told', async () => {
    const c = await groupClass();
    const to = new Date('2026-11-24T10:00:00.000Z'); // Tuesday
    const before = (await messagesTo(c.b)).length;
    expect(await moveClass(t.ctx, c.lesson.id, { startsAt: to }, t.clock.now(), ADMIN)).toEqual({
      lessonsMoved: 2,
    });
    for (const f of [c.a, c.b]) {
      const [first] = await lessonsOf(f.child.id);
      expect(first).toMatchObject({
        lesson_number: 1,
        starts_at: to,
        ends_at: new Date('2026-11-24T10:25:00.000Z'),
        room_key: roomKeyOf(c.course.room_secret, to),
        teacher_id: c.teacher.id,
        required_credit: 2,
      });
      expect((await getAccount(t.ctx, f.parent.id)).available).toBe(32);
      expect(await auditCount('lesson.moved', f.parent.id)).toBe(1);
    }
    const sent = await messagesTo(c.b);
    expect(sent).toHaveLength(before + 1);
    // Shanghai: Monday 17:00 became Tuesday 18:00.
    expect(sent[0]!.body).toContain('17:00');
    expect(sent[0]!.body).toContain('18:00');
  });

  it('refuses the past, a closure, a busy or absent teacher, a busy child, and changes nothing', async () => {
    const c = await groupClass();
    const at = (iso: string) => ({ startsAt: new Date(iso) });
    const refused = (to: { startsAt: Date; teacherId?: number }, messageKey: string) =>
      expect(moveClass(t.ctx, c.lesson.id, to, t.clock.now(), ADMIN)).rejects.toMatchObject({
        errorCode: 'CONFLICT',
        messageKey,
      });
    await refused(at('2026-11-20T07:00:00.000Z'), 'scheduleStartInPast');
    // The school's (Shanghai) Wednesday 25 November is closed for this course.
    await t.ctx.db.insert(closures).values({
      closure_sn: `K-MOVE-${counter}`,
      course_id: c.course.id,
      starts_on: '2026-11-25',
      ends_on: '2026-11-25',
      reason_en: 'Closed',
      reason_zh: '停课',
    });
    await refused(at('2026-11-25T03:00:00.000Z'), 'scheduleInClosure');
    // The teacher teaches another course on Tuesdays 10:00.
    const other = await createCourse(t.ctx, { slots: [[2, '10:00']], teacherId: c.teacher.id });
    await enrol(await family(), other.id, 1);
    await refused(at('2026-11-24T10:10:00.000Z'), 'scheduleTeacherBusy');
    await createTimeOff(t.ctx, c.teacher.id, '2026-11-26', '2026-11-27');
    await refused(at('2026-11-26T10:00:00.000Z'), 'scheduleTeacherOff');
    // Another teacher, available only on weekends.
    const weekender = await createTeacher(t.ctx, {
      availability: [
        { weekday: 0, start: '08:00', end: '18:00' },
        { weekday: 6, start: '08:00', end: '18:00' },
      ],
    });
    await refused(
      { ...at('2026-11-28T17:50:00.000Z'), teacherId: weekender.id },
      'scheduleTeacherUnavailable',
    );
    // Child a has another lesson on Saturdays 09:00.
    const saturdays = await createCourse(t.ctx, { slots: [[6, '09:00']] });
    await enrol(c.a, saturdays.id, 2);
    await refused(at('2026-11-28T09:10:00.000Z'), 'scheduleChildBusy');
    await expect(
      moveClass(
        t.ctx,
        c.lesson.id,
        { startsAt: new Date('2026-11-28T12:00:00.000Z'), teacherId: 999_999 },
        t.clock.now(),
        ADMIN,
      ),
    ).rejects.toMatchObject({ errorCode: 'NOT_FOUND', messageKey: 'scheduleTeacherNotFound' });
    const first = (await lessonsOf(c.a.child.id)).find((row) => row.id === c.lesson.id);
    expect(first!.starts_at).toEqual(c.lesson.starts_at);
    expect(first!.room_key).toBe(c.lesson.room_key);
    expect(await auditCount('lesson.moved', c.a.parent.id)).toBe(0);

    // The weekend teacher takes it on Saturday 12:00 (in their window).
    const to = new Date('2026-11-28T12:00:00.000Z');
    await moveClass(
      t.ctx,
      c.lesson.id,
      { startsAt: to, teacherId: weekender.id },
      t.clock.now(),
      ADMIN,
    );
    expect((await lessonsOf(c.b.child.id))[0]).toMatchObject({
      starts_at: to,
      teacher_id: weekender.id,
    });
  });
});

describe('moving this and all following lessons', () => {
  it('re-times the enrolment from that lesson on, numbers kept, closures skipped, generator follows', async () => {
    t.clock.set(NOW);
    const teacher = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, { slots: [[1, '09:00']], teacherId: teacher.id });
    const f = await family();
    const made = await enrol(f, course.id);
    const [, second] = await lessonsOf(f.child.id);
    // Wednesday 9 December 14:00 UTC is 22:00 in Shanghai the same day: closed school-wide.
    await t.ctx.db.insert(closures).values({
      closure_sn: 'K-SERIES',
      course_id: null,
      starts_on: '2026-12-09',
      ends_on: '2026-12-09',
      reason_en: 'Closed',
      reason_zh: '停课',
    });
    const other = await createTeacher(t.ctx);
    expect(
      await moveFollowing(
        t.ctx,
        second!.id,
        { weekday: 3, time: '14:00', teacherId: other.id },
        t.clock.now(),
        ADMIN,
      ),
    ).toEqual({ lessonsMoved: 3 });
    const rows = await lessonsOf(f.child.id);
    expect(
      rows.map((row) => [row.lesson_number, row.starts_at.toISOString(), row.teacher_id]),
    ).toEqual([
      [1, '2026-11-23T09:00:00.000Z', teacher.id],
      [2, '2026-12-02T14:00:00.000Z', other.id],
      [3, '2026-12-16T14:00:00.000Z', other.id],
      [4, '2026-12-23T14:00:00.000Z', other.id],
    ]);
    expect(rows[1]!.room_key).toBe(roomKeyOf(course.room_secret, rows[1]!.starts_at));
    const slots = await t.ctx.db
      .select()
      .from(enrollmentSlots)
      .where(eq(enrollmentSlots.enrollment_id, made.id));
    expect(slots.map((slot) => [slot.weekday, slot.start_time, slot.teacher_id])).toEqual([
      [3, '14:00', other.id],
    ]);
    expect(await auditCount('lesson.series-moved', f.parent.id)).toBe(1);
    // The enrolment's weekly line follows its own slot; the course's stays for the others.
    const weekly = (enrollmentId?: number) =>
      nextSlotStarts(t.ctx, { id: course.id, timeZone: 'UTC', enrollmentId }, t.clock.now());
    expect(await weekly(made.id)).toEqual([new Date('2026-11-25T14:00:00.000Z')]);
    expect(await weekly()).toEqual([new Date('2026-11-23T09:00:00.000Z')]);
    // Credits were not touched: four lessons of 1 still reserved.
    expect((await getAccount(t.ctx, f.parent.id)).available).toBe(36);
    // Two weeks on, the generator continues on Wednesdays with the new teacher.
    t.clock.set('2026-12-04T08:00:00.000Z');
    await generateLessons(t.ctx, t.clock.now(), 4, [made.id]);
    const later = (await lessonsOf(f.child.id)).slice(4);
    expect(
      later.map((row) => [row.lesson_number, row.starts_at.toISOString(), row.teacher_id]),
    ).toEqual([[5, '2026-12-30T14:00:00.000Z', other.id]]);
  });

  it('refuses a conflict of any re-timed lesson and bad slots, changing nothing', async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, { slots: [[1, '09:00']] });
    const f = await family();
    await enrol(f, course.id);
    const thursdays = await createCourse(t.ctx, { slots: [[4, '16:00']] });
    await enrol(f, thursdays.id, 4);
    const [first] = await lessonsOf(f.child.id);
    await expect(
      moveFollowing(t.ctx, first!.id, { weekday: 4, time: '16:10' }, t.clock.now(), ADMIN),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleChildBusy' });
    for (const bad of [
      { weekday: 7, time: '10:00' },
      { weekday: 2, time: '25:00' },
      { weekday: 2, time: '9:00' },
    ])
      await expect(
        moveFollowing(t.ctx, first!.id, bad, t.clock.now(), ADMIN),
      ).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', messageKey: 'scheduleSlotInvalid' });
    const slots = await t.ctx.db
      .select()
      .from(enrollmentSlots)
      .where(eq(enrollmentSlots.enrollment_id, first!.enrollment_id));
    expect(slots).toEqual([]);
    expect(
      (await lessonsOf(f.child.id))
        .filter((row) => row.course_id === course.id)
        .map((row) => row.starts_at.getUTCDay()),
    ).toEqual([1, 1, 1, 1]);
  });

  it('keeps the new local time in New York across the March change', async () => {
    t.clock.set('2027-03-01T12:00:00.000Z');
    const course = await createCourse(t.ctx, { slots: [[1, '17:00']], zone: 'America/New_York' });
    const f = await family(40, 'Asia/Shanghai');
    await enrol(f, course.id);
    const [first] = await lessonsOf(f.child.id);
    await moveFollowing(t.ctx, first!.id, { weekday: 4, time: '18:30' }, t.clock.now(), ADMIN);
    const rows = await lessonsOf(f.child.id);
    expect(rows.map((row) => row.starts_at.toISOString())).toEqual([
      '2027-03-04T23:30:00.000Z',
      '2027-03-11T23:30:00.000Z',
      '2027-03-18T22:30:00.000Z',
      '2027-03-25T22:30:00.000Z',
    ]);
    for (const row of rows) {
      const local = localParts(row.starts_at, 'America/New_York');
      expect([local.weekday, local.hour, local.minute]).toEqual([4, 18, 30]);
    }
    // The parent in Shanghai is told once, with Friday 07:30 before the change and 06:30 after.
    const [mail] = await messagesTo(f);
    expect(mail!.body).toContain('07:30');
    expect(mail!.body).toContain('06:30');
  });
});

describe('substitutes and cover', () => {
  it('assigns a substitute for the class, audited and told; the teacher can take it back', async () => {
    const c = await groupClass();
    const substitute = await createTeacher(t.ctx, { subjectIds: [c.course.subject_id] });
    expect(
      await assignSubstitute(t.ctx, [c.lesson.id], substitute.id, t.clock.now(), ADMIN),
    ).toEqual({ lessonsCovered: 2 });
    for (const f of [c.a, c.b]) {
      expect((await lessonsOf(f.child.id))[0]).toMatchObject({
        teacher_id: substitute.id,
        substitute_for_id: c.teacher.id,
      });
      expect(await auditCount('lesson.substitute-assigned', f.parent.id)).toBe(1);
    }
    await expect(
      assignSubstitute(t.ctx, [c.lesson.id], substitute.id, t.clock.now(), ADMIN),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleSameTeacher' });
    await assignSubstitute(t.ctx, [c.lesson.id], c.teacher.id, t.clock.now(), ADMIN);
    expect((await lessonsOf(c.a.child.id))[0]).toMatchObject({
      teacher_id: c.teacher.id,
      substitute_for_id: null,
    });
    await expect(
      assignSubstitute(t.ctx, [], substitute.id, t.clock.now(), ADMIN),
    ).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', messageKey: 'scheduleNoLessons' });
  });

  it('offers and accepts only teachers of the subject who are available, not off, not busy', async () => {
    const c = await groupClass(); // Monday 23 November 09:00–09:25 UTC
    await createTimeOff(t.ctx, c.teacher.id, '2026-11-23', '2026-11-29');
    const subject = [c.course.subject_id];
    const free = await createTeacher(t.ctx, { subjectIds: subject });
    await createTeacher(t.ctx); // teaches another subject
    const off = await createTeacher(t.ctx, { subjectIds: subject });
    await createTimeOff(t.ctx, off.id, '2026-11-23', '2026-11-23');
    const evenings = await createTeacher(t.ctx, {
      subjectIds: subject,
      availability: [{ weekday: 1, start: '18:00', end: '22:00' }],
    });
    const busy = await createTeacher(t.ctx, { subjectIds: subject });
    const busyCourse = await createCourse(t.ctx, { slots: [[1, '09:15']], teacherId: busy.id });
    await enrol(await family(), busyCourse.id, 1);
    // In Shanghai (UTC+8) 09:00 UTC is 17:00 Monday: inside this teacher's window.
    const shanghai = await createTeacher(t.ctx, {
      subjectIds: subject,
      timeZone: 'Asia/Shanghai',
      availability: [{ weekday: 1, start: '16:00', end: '18:00' }],
    });
    expect(await coverCandidates(t.ctx, c.lesson.id, t.clock.now())).toEqual([
      free.id,
      shanghai.id,
    ]);
    for (const [teacher, messageKey] of [
      [off, 'scheduleTeacherOff'],
      [evenings, 'scheduleTeacherUnavailable'],
      [busy, 'scheduleTeacherBusy'],
    ] as const)
      await expect(
        assignSubstitute(t.ctx, [c.lesson.id], teacher.id, t.clock.now(), ADMIN),
      ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey });
    expect((await lessonsOf(c.a.child.id))[0]!.teacher_id).toBe(c.teacher.id);
    // Cover of two classes in one call.
    const [, second] = await lessonsOf(c.a.child.id);
    expect(
      await assignSubstitute(t.ctx, [c.lesson.id, second!.id], free.id, t.clock.now(), ADMIN),
    ).toEqual({ lessonsCovered: 4 });
  });
});
