import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../../test/factories/parents';
import { createChild, createCourse, grantCredits } from '../../../test/factories/lessons';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp } from '../../../test/helpers/ops';
import { rowsOf } from '../../db/client';
import { closures, lessons } from '../../db/schema';
import { findOutboxMessagesTo } from '../outbox/outbox.service';
import {
  cancelClass,
  cancelLesson,
  declareClosure,
  enrollChild,
  generateLessons,
  previewClosure,
  type StaffActor,
} from './scheduling.service';

/**
 * Closures (decision 047): date ranges of the school's zone (Asia/Shanghai here, the default),
 * for one course or the whole school. Declaring one cancels the lessons in it at once, tells
 * each family once, and the generator skips the dates from then on.
 */
const NOW = '2026-11-20T08:00:00.000Z'; // Friday
const ADMIN: StaffActor = { staffId: 1, ip: '203.0.113.7' };

let t: TestApp;
beforeAll(async () => {
  t = await buildOpsTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function family(credits = 40) {
  counter += 1;
  const parent = await createParent(t.ctx, {
    name: `Parent ${counter}`,
    email: `closure-${counter}-${Date.now()}@example.com`,
    language: 'en',
    time_zone: 'Europe/London',
  });
  const child = await createChild(t.ctx, parent.id, `Kid ${counter}`);
  await grantCredits(t.ctx, parent.id, { paid: credits });
  return { parent, child };
}
type Family = Awaited<ReturnType<typeof family>>;

async function enrol(f: Family, courseId: number, studentId = f.child.id, weeks = 4) {
  await enrollChild(
    t.ctx,
    { parentId: f.parent.id, studentId, courseId, startsAt: t.clock.now() },
    t.clock.now(),
    weeks,
    ADMIN,
  );
}

async function lessonsOfCourse(courseId: number) {
  return t.ctx.db
    .select()
    .from(lessons)
    .where(eq(lessons.course_id, courseId))
    .orderBy(lessons.starts_at, lessons.id);
}

async function closureCount() {
  const [row] = rowsOf<{ n: number }>(
    await t.ctx.db.execute(sql`select count(*)::int as n from closures`),
  );
  return row!.n;
}

/**
 * The ledger's rule after any mix of changes: what a family holds reserved is exactly the credits
 * of its lessons still to be held (not called off, not settled) — nothing released twice or lost.
 */
async function expectLedgerExact(parentId: number) {
  const [row] = rowsOf<{ reserved: number; held: number; releases: number; distinct: number }>(
    await t.ctx.db.execute(
      sql`select
            (select coalesce(sum(reserved_delta), 0)::int from credit_ledger
              where parent_id = ${parentId}) as reserved,
            (select coalesce(sum(required_credit), 0)::int from lessons
              where parent_id = ${parentId} and cancelled_at is null and leave_at is null
                and settled_at is null) as held,
            (select count(*)::int from credit_ledger
              where parent_id = ${parentId} and event = 'release') as releases,
            (select count(distinct idempotency_key)::int from credit_ledger
              where parent_id = ${parentId} and event = 'release') as distinct`,
    ),
  );
  expect(row!.reserved).toBe(row!.held);
  expect(row!.releases).toBe(row!.distinct);
}

describe('a closure', () => {
  it('cancels the lessons of its school-zone days, releases credits and tells each family once', async () => {
    // January 2027, apart from the other tests' weeks: a school-wide closure applies to every course.
    t.clock.set('2027-01-08T08:00:00.000Z'); // Friday
    // Mondays 09:00 UTC = Mondays 17:00 in Shanghai; New York Mondays 20:00 = Tuesdays 09:00 there.
    const london = await createCourse(t.ctx, {
      slots: [[1, '09:00']],
      credit: 2,
      classType: 'small_group',
    });
    const newYork = await createCourse(t.ctx, {
      slots: [[1, '20:00']],
      zone: 'America/New_York',
      credit: 1,
    });
    const twins = await family();
    const second = await createChild(t.ctx, twins.parent.id, 'Twin');
    await enrol(twins, newYork.id);
    await enrol(twins, london.id, second.id);
    const other = await family();
    await enrol(other, london.id);

    // 12–19 January on the school's calendar: New York's Mondays 11 and 18 (the 12th and 19th in
    // Shanghai) and London's Monday 18 (twice); London's Monday 11 is the 11th there.
    const range = { courseId: null, startsOn: '2027-01-12', endsOn: '2027-01-19' };
    expect(await previewClosure(t.ctx, range, t.clock.now())).toEqual({
      lessons: 4,
      families: 2,
      credits: 1 + 1 + 2 + 2,
    });
    const before = (await findOutboxMessagesTo(t.ctx, twins.parent.email!, 20)).length;
    const result = await declareClosure(
      t.ctx,
      { ...range, reasonEn: 'Staff training', reasonZh: '教师培训' },
      t.clock.now(),
      ADMIN,
    );
    expect(result).toMatchObject({ lessonsCancelled: 4, familiesNotified: 2 });
    expect(result.closureSn).toMatch(/^K[0-9A-F]{12}$/);
    const [closure] = await t.ctx.db
      .select()
      .from(closures)
      .where(eq(closures.closure_sn, result.closureSn));
    const cancelled = (
      await t.ctx.db.select().from(lessons).where(eq(lessons.closure_id, closure!.id))
    )
      .map((row) => [row.starts_at.toISOString(), row.cancel_reason])
      .sort();
    expect(cancelled).toEqual([
      ['2027-01-12T01:00:00.000Z', 'closure'],
      ['2027-01-18T09:00:00.000Z', 'closure'],
      ['2027-01-18T09:00:00.000Z', 'closure'],
      ['2027-01-19T01:00:00.000Z', 'closure'],
    ]);
    // The London Monday 11 (17:00 in Shanghai, the 11th) is outside the range and stays.
    expect((await lessonsOfCourse(london.id))[0]!.cancelled_at).toBeNull();
    // One message for the family of two children, listing both.
    const sent = await findOutboxMessagesTo(t.ctx, twins.parent.email!, 20);
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]!.body.split('\n').filter((line) => line.startsWith('• '))).toHaveLength(3);
    expect(sent[0]!.body).toContain('Staff training');
    for (const f of [twins, other]) await expectLedgerExact(f.parent.id);
    const perLesson = rowsOf<{ parent_id: number }>(
      await t.ctx.db.execute(
        sql`select parent_id from audit_log where action = 'lesson.cancelled'
            and detail->>'closureSn' = ${result.closureSn} order by parent_id`,
      ),
    );
    expect(perLesson.map((entry) => entry.parent_id).sort()).toEqual(
      [twins.parent.id, twins.parent.id, twins.parent.id, other.parent.id].sort(),
    );
    const declared = rowsOf<{ staff_id: number; parent_id: number | null }>(
      await t.ctx.db.execute(
        sql`select staff_id, parent_id from audit_log
            where action = 'closure.declared' and target_id = ${result.closureSn}`,
      ),
    );
    expect(declared).toEqual([{ staff_id: 1, parent_id: null }]);
  });

  it('of one course leaves the others alone; the generator skips its days without losing a number', async () => {
    t.clock.set(NOW);
    const closed = await createCourse(t.ctx, { slots: [[3, '09:00']] });
    const open = await createCourse(t.ctx, { slots: [[3, '10:00']] });
    const f = await family();
    const g = await family();
    await enrol(f, closed.id, f.child.id, 1);
    await enrol(g, open.id, g.child.id, 1);
    // Wednesdays 2 and 9 December: beyond what is generated yet (one week).
    await declareClosure(
      t.ctx,
      {
        courseId: closed.id,
        startsOn: '2026-12-02',
        endsOn: '2026-12-09',
        reasonEn: 'Holiday',
        reasonZh: '假期',
      },
      t.clock.now(),
      ADMIN,
    );
    t.clock.set('2026-11-27T08:00:00.000Z');
    await generateLessons(t.ctx, t.clock.now(), 4);
    const rows = await lessonsOfCourse(closed.id);
    expect(rows.map((row) => [row.lesson_number, row.starts_at.toISOString()])).toEqual([
      [1, '2026-11-25T09:00:00.000Z'],
      [2, '2026-12-16T09:00:00.000Z'],
      [3, '2026-12-23T09:00:00.000Z'],
    ]);
    expect((await lessonsOfCourse(open.id)).map((row) => row.starts_at.toISOString())).toEqual([
      '2026-11-25T10:00:00.000Z',
      '2026-12-02T10:00:00.000Z',
      '2026-12-09T10:00:00.000Z',
      '2026-12-16T10:00:00.000Z',
      '2026-12-23T10:00:00.000Z',
    ]);
  });

  it('refuses bad dates, a past range, a long one, blank reasons, an unknown course', async () => {
    t.clock.set(NOW);
    const before = await closureCount();
    const base = { courseId: null, reasonEn: 'x', reasonZh: 'y' };
    const cases: [Parameters<typeof declareClosure>[1], string, string][] = [
      [
        { ...base, startsOn: '2026-12-10', endsOn: '2026-12-09' },
        'BAD_REQUEST',
        'scheduleClosureDatesInvalid',
      ],
      [
        { ...base, startsOn: '2026-02-30', endsOn: '2026-12-09' },
        'BAD_REQUEST',
        'scheduleClosureDatesInvalid',
      ],
      // Friday 20 November 16:00 in Shanghai: the 19th is over.
      [
        { ...base, startsOn: '2026-11-18', endsOn: '2026-11-19' },
        'BAD_REQUEST',
        'scheduleClosureInPast',
      ],
      [
        { ...base, startsOn: '2026-12-01', endsOn: '2027-12-02' },
        'BAD_REQUEST',
        'scheduleClosureTooLong',
      ],
      [
        { ...base, startsOn: '2026-12-01', endsOn: '2026-12-02', reasonZh: '  ' },
        'BAD_REQUEST',
        'scheduleClosureReasonInvalid',
      ],
      [
        { ...base, startsOn: '2026-12-01', endsOn: '2026-12-02', courseId: 999_999 },
        'NOT_FOUND',
        'scheduleCourseNotFound',
      ],
    ];
    for (const [input, errorCode, messageKey] of cases)
      await expect(declareClosure(t.ctx, input, t.clock.now(), ADMIN)).rejects.toMatchObject({
        errorCode,
        messageKey,
      });
    await expect(
      previewClosure(
        t.ctx,
        { courseId: null, startsOn: 'soon', endsOn: '2026-12-01' },
        t.clock.now(),
      ),
    ).rejects.toMatchObject({ messageKey: 'scheduleClosureDatesInvalid' });
    expect(await closureCount()).toBe(before);
    // Today (Friday 20 November in Shanghai) may still close: only lessons not started go.
    await expect(
      declareClosure(
        t.ctx,
        { ...base, startsOn: '2026-11-20', endsOn: '2026-11-20' },
        t.clock.now(),
        ADMIN,
      ),
    ).resolves.toMatchObject({ lessonsCancelled: 0 });
  });

  it('leaves no lesson inside a closure declared while an enrolment places its lessons', async () => {
    // February 2027, apart from the other tests' weeks.
    t.clock.set('2027-02-05T08:00:00.000Z'); // Friday
    const course = await createCourse(t.ctx, {
      slots: [
        [2, '09:00'],
        [4, '09:00'],
      ],
      classType: 'group',
    });
    const families = [await family(), await family(), await family()];
    const results = await Promise.allSettled([
      ...families.map((f) => enrol(f, course.id)),
      declareClosure(
        t.ctx,
        {
          courseId: course.id,
          startsOn: '2027-02-09',
          endsOn: '2027-02-16',
          reasonEn: 'Spring Festival',
          reasonZh: '春节',
        },
        t.clock.now(),
        ADMIN,
      ),
    ]);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const held = (await lessonsOfCourse(course.id)).filter((row) => row.cancelled_at === null);
    // Tuesdays and Thursdays of 9–16 February (17:00 in Shanghai, the same days) hold nothing.
    expect(
      held.filter(
        (row) =>
          row.starts_at >= new Date('2027-02-08T16:00:00.000Z') &&
          row.starts_at < new Date('2027-02-16T16:00:00.000Z'),
      ),
    ).toEqual([]);
    for (const f of families) await expectLedgerExact(f.parent.id);
  });

  it('keeps the ledger exact when closures, cancellations and leave race on the same lessons', async () => {
    t.clock.set(NOW);
    const course = await createCourse(t.ctx, {
      slots: [
        [1, '09:00'],
        [4, '09:00'],
      ],
      classType: 'group',
      credit: 3,
    });
    const families = [await family(60), await family(60), await family(60)];
    for (const f of families) await enrol(f, course.id);
    const rows = await lessonsOfCourse(course.id);
    const first = rows[0]!;
    const closure = () =>
      declareClosure(
        t.ctx,
        {
          courseId: course.id,
          startsOn: '2026-11-23',
          endsOn: '2026-12-03',
          reasonEn: 'Closed',
          reasonZh: '停课',
        },
        t.clock.now(),
        ADMIN,
      );
    const results = await Promise.allSettled([
      closure(),
      closure(),
      cancelClass(t.ctx, first.id, 'school-decision', t.clock.now(), ADMIN),
      cancelClass(t.ctx, rows[4]!.id, 'teacher-ill', t.clock.now(), ADMIN),
      cancelLesson(t.ctx, rows[5]!.id, t.clock.now(), 'parent'),
    ]);
    // Both closures succeed (one may find nothing left); a cancellation may find it all gone.
    expect(results[0]!.status).toBe('fulfilled');
    expect(results[1]!.status).toBe('fulfilled');
    const after = await lessonsOfCourse(course.id);
    // Lessons of 23 Nov – 3 Dec (four per child) are all called off, once; the rest stand.
    const inRange = after.filter((row) => row.starts_at < new Date('2026-12-04T00:00:00.000Z'));
    expect(inRange).toHaveLength(12);
    expect(inRange.every((row) => row.cancelled_at !== null || row.leave_at !== null)).toBe(true);
    expect(after.filter((row) => row.cancelled_at === null && row.leave_at === null)).toHaveLength(
      after.length - 12,
    );
    for (const f of families) await expectLedgerExact(f.parent.id);
    const cancelledCount = results
      .slice(0, 2)
      .map(
        (r) => (r as PromiseFulfilledResult<{ lessonsCancelled: number }>).value.lessonsCancelled,
      )
      .reduce((a, b) => a + b, 0);
    const classCancelled = results
      .slice(2, 4)
      .filter((r) => r.status === 'fulfilled')
      .map(
        (r) => (r as PromiseFulfilledResult<{ lessonsCancelled: number }>).value.lessonsCancelled,
      )
      .reduce((a, b) => a + b, 0);
    const leave = results[4]!.status === 'fulfilled' ? 1 : 0;
    expect(cancelledCount + classCancelled + leave).toBe(12);
  });
});
