import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createParent } from '../../../test/factories/parents';
import {
  createChild,
  createCourse,
  createEnrollment,
  grantCredits,
} from '../../../test/factories/lessons';
import { rowsOf } from '../../db/client';
import { creditLedger, lessons } from '../../db/schema';
import { getAccount } from '../credits/credits.service';
import { settleEndedLessons } from './generation.service';
import { cancelLesson, nextSlotStarts } from './scheduling.service';

/**
 * The engine at service level (decision 038): the one call-off function that a parent's leave
 * and the school's cancellation share. The lists and routes around it are tested in lessons.
 */
const NOW = '2026-11-20T08:00:00.000Z'; // a Friday

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A parent with 10 credits and one child enrolled Mon 09:00 UTC (1 credit): 4 lessons. */
async function family() {
  t.clock.set(NOW);
  const parent = await createParent(t.ctx);
  const child = await createChild(t.ctx, parent.id);
  await grantCredits(t.ctx, parent.id, { paid: 10 });
  const course = await createCourse(t.ctx, { slots: [[1, '09:00']] });
  await createEnrollment(t.ctx, { parentId: parent.id, studentId: child.id, courseId: course.id });
  const lessons = rowsOf<{ id: number; cancelled: boolean; on_leave: boolean }>(
    await t.ctx.db.execute(
      sql`select id, cancelled_at is not null as cancelled, leave_at is not null as on_leave
          from lessons where student_id = ${child.id} order by starts_at`,
    ),
  );
  return { parent, course, lessons };
}

async function lessonState(id: number) {
  const [row] = rowsOf<{ cancelled: boolean; on_leave: boolean }>(
    await t.ctx.db.execute(
      sql`select cancelled_at is not null as cancelled, leave_at is not null as on_leave
          from lessons where id = ${id}`,
    ),
  );
  return row;
}

async function releases(parentId: number) {
  const [row] = rowsOf<{ n: number }>(
    await t.ctx.db.execute(
      sql`select count(*)::int as n from credit_ledger
          where parent_id = ${parentId} and event = 'release'`,
    ),
  );
  return row?.n ?? 0;
}

describe('calling a lesson off', () => {
  it("takes the parent's leave and then leaves it alone when the school cancels", async () => {
    const f = await family();
    const lesson = f.lessons[0]!;
    expect((await getAccount(t.ctx, f.parent.id)).available).toBe(6);
    await cancelLesson(t.ctx, lesson.id, t.clock.now(), 'parent');
    await cancelLesson(t.ctx, lesson.id, t.clock.now(), 'school');
    expect(await lessonState(lesson.id)).toEqual({ cancelled: false, on_leave: true });
    expect(await releases(f.parent.id)).toBe(1);
    expect((await getAccount(t.ctx, f.parent.id)).available).toBe(7);
  });

  it('refuses leave on a lesson the school cancelled, and a second leave with a conflict', async () => {
    const f = await family();
    const [first, second] = f.lessons;
    await cancelLesson(t.ctx, first!.id, t.clock.now());
    await expect(cancelLesson(t.ctx, first!.id, t.clock.now(), 'parent')).rejects.toMatchObject({
      errorCode: 'BAD_REQUEST',
      messageKey: 'leaveNotAttendable',
    });
    await cancelLesson(t.ctx, second!.id, t.clock.now(), 'parent');
    await expect(cancelLesson(t.ctx, second!.id, t.clock.now(), 'parent')).rejects.toMatchObject({
      errorCode: 'CONFLICT',
      messageKey: 'leaveAlreadyRequested',
    });
    expect(await releases(f.parent.id)).toBe(2);
    expect((await getAccount(t.ctx, f.parent.id)).available).toBe(8);
  });

  it('refuses leave 3 h or less before the start, but the school may still cancel', async () => {
    const f = await family();
    const lesson = f.lessons[0]!; // Mon 2026-11-23 09:00 UTC
    const late = new Date('2026-11-23T06:00:00.000Z');
    await expect(cancelLesson(t.ctx, lesson.id, late, 'parent')).rejects.toMatchObject({
      messageKey: 'leaveTooLate',
    });
    await cancelLesson(t.ctx, lesson.id, late, 'school');
    expect(await lessonState(lesson.id)).toEqual({ cancelled: true, on_leave: false });
    expect(await releases(f.parent.id)).toBe(1);
  });

  it('releases the credits once when leave and cancellation race', async () => {
    const f = await family();
    const lesson = f.lessons[0]!;
    const results = await Promise.allSettled([
      cancelLesson(t.ctx, lesson.id, t.clock.now(), 'parent'),
      cancelLesson(t.ctx, lesson.id, t.clock.now(), 'school'),
      cancelLesson(t.ctx, lesson.id, t.clock.now(), 'school'),
    ]);
    const state = await lessonState(lesson.id);
    // Whichever took the row first decided; the other calls changed nothing.
    expect(state!.cancelled !== state!.on_leave).toBe(true);
    expect(results[0]!.status).toBe(state!.on_leave ? 'fulfilled' : 'rejected');
    expect(await releases(f.parent.id)).toBe(1);
    expect((await getAccount(t.ctx, f.parent.id)).available).toBe(7);
  });
});

describe("the engine's dates", () => {
  it('dates the lessons and their credit moves at the clock it is given, not the database’s', async () => {
    const f = await family(); // at NOW, days before the database's own clock
    const [first, second] = f.lessons;
    t.clock.advance(3_600_000);
    await cancelLesson(t.ctx, first!.id, t.clock.now());
    const [ended] = await t.ctx.db.select().from(lessons).where(eq(lessons.id, second!.id));
    const settledAt = new Date(ended!.ends_at.getTime() + 2 * 60_000);
    await settleEndedLessons(t.ctx, settledAt);

    expect(ended!.created_at.toISOString()).toBe(NOW);
    const moves = await t.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.parent_id, f.parent.id));
    const at = (key: string) =>
      moves.find((move) => move.idempotency_key === key)?.created_at.toISOString();
    for (const lesson of f.lessons) expect(at(`lesson:${lesson.id}:reserve`)).toBe(NOW);
    expect(at(`lesson:${first!.id}:release`)).toBe('2026-11-20T09:00:00.000Z');
    expect(at(`lesson:${second!.id}:consume`)).toBe(settledAt.toISOString());
  });
});

describe('weekly timetable', () => {
  it("answers each slot's next start in the course's zone", async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, {
      slots: [
        [1, '17:00'],
        [5, '07:00'],
      ],
      zone: 'America/New_York',
    });
    const starts = await nextSlotStarts(
      t.ctx,
      { id: course.id, timeZone: 'America/New_York' },
      new Date(NOW),
    );
    // Mon 17:00 EST is 22:00 UTC; Fri 07:00 EST (12:00 UTC) is still ahead on Friday the 20th.
    expect(starts.map((date) => date.toISOString())).toEqual([
      '2026-11-23T22:00:00.000Z',
      '2026-11-20T12:00:00.000Z',
    ]);
  });
});
