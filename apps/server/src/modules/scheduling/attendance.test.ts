import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../../test/factories/parents';
import { createChild, createCourse, grantCredits } from '../../../test/factories/lessons';
import { createTeacher } from '../../../test/factories/teachers';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp } from '../../../test/helpers/ops';
import { rowsOf } from '../../db/client';
import { translate } from '../../lib/catalogue';
import { lessons } from '../../db/schema';
import { getAccount } from '../credits/credits.service';
import { findOutboxMessagesTo } from '../outbox/outbox.service';
import {
  cancelClass,
  enrollChild,
  markAttendance,
  recordTeacherEntry,
  settleEndedLessons,
  type StaffActor,
} from './scheduling.service';

/**
 * The teacher in the room and attendance (decision 047): the teacher's entry is kept on the whole
 * class, a mark overrides the room until settlement (then a credit correction), and a class
 * whose teacher never came is cancelled "teacher absent" by the settlement, credits back.
 */
const NOW = '2026-11-20T08:00:00.000Z'; // Friday; the classes are Mondays 09:00–09:25 UTC
const MONDAY = '2026-11-23T09:00:00.000Z';
const at = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000);
const ADMIN: StaffActor = { staffId: 1, ip: '203.0.113.7' };
const TEACHER: StaffActor = { staffId: 3, ip: '198.51.100.4' };

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function family() {
  counter += 1;
  const parent = await createParent(t.ctx, {
    name: `Parent ${counter}`,
    email: `attend-${counter}-${Date.now()}@example.com`,
    language: 'en',
    time_zone: 'Europe/Paris',
  });
  const child = await createChild(t.ctx, parent.id, `Kid ${counter}`);
  await grantCredits(t.ctx, parent.id, { paid: 20 });
  return { parent, child };
}
type Family = Awaited<ReturnType<typeof family>>;

/** A group class on Mondays 09:00 UTC (2 credits) with two children; `teacher` false: none. */
async function mondayClass(options: { teacher?: boolean } = {}) {
  t.clock.set(NOW);
  const teacher = options.teacher === false ? null : await createTeacher(t.ctx);
  const course = await createCourse(t.ctx, {
    slots: [[1, '09:00']],
    credit: 2,
    classType: 'small_group',
    ...(teacher ? { teacherId: teacher.id } : {}),
  });
  const families = [await family(), await family()];
  for (const f of families)
    await enrollChild(
      t.ctx,
      {
        parentId: f.parent.id,
        studentId: f.child.id,
        courseId: course.id,
        startsAt: t.clock.now(),
      },
      t.clock.now(),
      1,
      ADMIN,
    );
  const rows = await classRows(course.id);
  return { teacher, course, families, rows, lesson: rows[0]! };
}

async function classRows(courseId: number) {
  return t.ctx.db.select().from(lessons).where(eq(lessons.course_id, courseId)).orderBy(lessons.id);
}

async function ledgerEvents(parentId: number) {
  return rowsOf<{ event: string }>(
    await t.ctx.db.execute(
      sql`select event from credit_ledger where parent_id = ${parentId}
          and event in ('reserve', 'release', 'consume') order by id`,
    ),
  ).map((row) => row.event);
}

async function auditActions(parentId: number | null, lessonSn: string) {
  return rowsOf<{ action: string; staff_id: number; parent_id: number | null }>(
    await t.ctx.db.execute(
      sql`select action, staff_id, parent_id from audit_log
          where target_type = 'lesson' and target_id = ${lessonSn} order by id`,
    ),
  ).filter((row) => row.parent_id === parentId);
}

const messagesTo = (f: Family) => findOutboxMessagesTo(t.ctx, f.parent.email!, 20);

describe("the teacher's entry", () => {
  it('opens with the children’s window and is kept on every row of the class, once', async () => {
    const c = await mondayClass();
    await expect(
      recordTeacherEntry(t.ctx, c.lesson.id, at(MONDAY, -6), TEACHER),
    ).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', messageKey: 'enterNotYet' });
    await recordTeacherEntry(t.ctx, c.lesson.id, at(MONDAY, -4), TEACHER);
    await recordTeacherEntry(t.ctx, c.rows[1]!.id, at(MONDAY, 2), TEACHER);
    const rows = await classRows(c.course.id);
    expect(rows.map((row) => row.teacher_entered_at)).toEqual([at(MONDAY, -4), at(MONDAY, -4)]);
    // Two families in the class: one entry, on no family's page.
    expect(await auditActions(null, c.lesson.lesson_sn)).toEqual([
      { action: 'lesson.teacher-entered', staff_id: 3, parent_id: null },
    ]);
    await expect(
      recordTeacherEntry(t.ctx, c.lesson.id, at(MONDAY, 25), TEACHER),
    ).rejects.toMatchObject({ messageKey: 'enterCompleted' });
    await expect(recordTeacherEntry(t.ctx, 999_999, at(MONDAY, 0), TEACHER)).rejects.toMatchObject({
      errorCode: 'NOT_FOUND',
      messageKey: 'scheduleLessonNotFound',
    });
  });

  it('is closed for a cancelled class', async () => {
    const c = await mondayClass();
    await cancelClass(t.ctx, c.lesson.id, 'teacher-ill', t.clock.now(), ADMIN);
    await expect(
      recordTeacherEntry(t.ctx, c.lesson.id, at(MONDAY, 1), TEACHER),
    ).rejects.toMatchObject({ messageKey: 'enterCancelled' });
  });
});

describe('attendance', () => {
  it('marks one child after the start with a note the family receives; audited', async () => {
    const c = await mondayClass();
    const [f] = c.families;
    await expect(
      markAttendance(t.ctx, c.lesson.id, { attendance: 'absent' }, at(MONDAY, -1), TEACHER),
    ).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', messageKey: 'scheduleAttendanceTooEarly' });
    await expect(
      markAttendance(
        t.ctx,
        c.lesson.id,
        { attendance: 'attended', note: 'x'.repeat(501) },
        at(MONDAY, 30),
        TEACHER,
      ),
    ).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', messageKey: 'scheduleNoteTooLong' });
    await expect(
      markAttendance(
        t.ctx,
        c.lesson.id,
        { attendance: 'late' as 'absent' },
        at(MONDAY, 30),
        TEACHER,
      ),
    ).rejects.toMatchObject({ errorCode: 'BAD_REQUEST', messageKey: 'scheduleAttendanceInvalid' });
    expect((await classRows(c.course.id))[0]).toMatchObject({
      attendance: null,
      teacher_note: null,
    });

    const before = (await messagesTo(f!)).length;
    await markAttendance(
      t.ctx,
      c.lesson.id,
      { attendance: 'attended', note: '  Read the whole story aloud!  ' },
      at(MONDAY, 30),
      TEACHER,
    );
    expect((await classRows(c.course.id))[0]).toMatchObject({
      attendance: 'attended',
      attendance_by: 3,
      teacher_note: 'Read the whole story aloud!',
    });
    const sent = await messagesTo(f!);
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]!.body).toContain('Read the whole story aloud!');
    // An admin corrects the mark; the note is kept and not sent again.
    await markAttendance(t.ctx, c.lesson.id, { attendance: 'absent' }, at(MONDAY, 40), ADMIN);
    expect((await classRows(c.course.id))[0]).toMatchObject({
      attendance: 'absent',
      attendance_by: 1,
      teacher_note: 'Read the whole story aloud!',
    });
    expect(await messagesTo(f!)).toHaveLength(before + 1);
    expect(
      (await auditActions(f!.parent.id, c.lesson.lesson_sn)).map((row) => [
        row.action,
        row.staff_id,
      ]),
    ).toEqual([
      ['lesson.attendance-marked', 3],
      ['lesson.note-written', 3],
      ['lesson.attendance-marked', 1],
    ]);
  });

  it('is refused on a cancelled lesson, and once settled points to a credit correction', async () => {
    const c = await mondayClass();
    await recordTeacherEntry(t.ctx, c.lesson.id, at(MONDAY, 0), TEACHER);
    await settleEndedLessons(t.ctx, at(MONDAY, 26));
    await expect(
      markAttendance(t.ctx, c.lesson.id, { attendance: 'absent' }, at(MONDAY, 60), ADMIN),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleAttendanceSettled' });
    expect(translate('en', 'scheduleAttendanceSettled')).toContain('credit correction');
    expect(translate('zh_CN', 'scheduleAttendanceSettled')).toContain('课时更正');

    const d = await mondayClass();
    await cancelClass(t.ctx, d.lesson.id, 'public-holiday', t.clock.now(), ADMIN);
    await expect(
      markAttendance(t.ctx, d.lesson.id, { attendance: 'attended' }, at(MONDAY, 30), TEACHER),
    ).rejects.toMatchObject({ errorCode: 'CONFLICT', messageKey: 'scheduleAttendanceNotHeld' });
  });

  it('either lands before the settlement or is refused after it when both race', async () => {
    const c = await mondayClass();
    await recordTeacherEntry(t.ctx, c.lesson.id, at(MONDAY, 0), TEACHER);
    const [marked] = await Promise.allSettled([
      markAttendance(t.ctx, c.lesson.id, { attendance: 'absent' }, at(MONDAY, 26), TEACHER),
      settleEndedLessons(t.ctx, at(MONDAY, 26)),
    ]);
    // A settlement that found the row locked by the mark skipped it; the next run settles it.
    await settleEndedLessons(t.ctx, at(MONDAY, 27));
    const [row] = await classRows(c.course.id);
    expect(row!.settled_at).not.toBeNull();
    expect(row!.attendance).toBe(marked!.status === 'fulfilled' ? 'absent' : null);
    for (const f of c.families)
      expect(await ledgerEvents(f.parent.id)).toEqual(['reserve', 'consume']);
  });
});

describe('the settlement', () => {
  it('cancels a class whose teacher never came as teacher-absent, credits back, families told', async () => {
    const c = await mondayClass();
    const counts = await Promise.all(c.families.map(async (f) => (await messagesTo(f)).length));
    t.clock.set(at(MONDAY, 26));
    await settleEndedLessons(t.ctx, t.clock.now());
    const rows = await classRows(c.course.id);
    expect(rows.map((row) => row.cancel_reason)).toEqual(['teacher-absent', 'teacher-absent']);
    expect(rows.every((row) => row.cancelled_at && row.settled_at)).toBe(true);
    for (const [i, f] of c.families.entries()) {
      expect(await ledgerEvents(f.parent.id)).toEqual(['reserve', 'release']);
      expect((await getAccount(t.ctx, f.parent.id)).available).toBe(20);
      const sent = await messagesTo(f);
      expect(sent).toHaveLength(counts[i]! + 1);
      expect(sent[0]!.body).toContain('the teacher could not attend');
    }
  });

  it('consumes a class the teacher entered or marked, and lessons without a teacher as before', async () => {
    const entered = await mondayClass();
    await recordTeacherEntry(t.ctx, entered.lesson.id, at(MONDAY, 1), TEACHER);
    const marked = await mondayClass();
    await markAttendance(
      t.ctx,
      marked.lesson.id,
      { attendance: 'attended' },
      at(MONDAY, 20),
      ADMIN,
    );
    const none = await mondayClass({ teacher: false });
    await settleEndedLessons(t.ctx, at(MONDAY, 26));
    for (const c of [entered, marked, none]) {
      const rows = await classRows(c.course.id);
      expect(rows.map((row) => row.cancel_reason)).toEqual([null, null]);
      for (const f of c.families)
        expect(await ledgerEvents(f.parent.id)).toEqual(['reserve', 'consume']);
    }
  });

  it('cancels without telling anyone when run by the job without providers', async () => {
    const c = await mondayClass();
    const counts = await Promise.all(c.families.map(async (f) => (await messagesTo(f)).length));
    await settleEndedLessons({ db: t.ctx.db }, at(MONDAY, 26));
    expect((await classRows(c.course.id)).map((row) => row.cancel_reason)).toEqual([
      'teacher-absent',
      'teacher-absent',
    ]);
    for (const [i, f] of c.families.entries()) expect(await messagesTo(f)).toHaveLength(counts[i]!);
  });
});
