import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../app-context';
import { lessonReminders, lessons, reminderSettings } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { createBareEnrollment, createChild, createCourse } from '../../../test/factories/lessons';
import { createParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { findOutboxMessagesTo } from '../outbox/outbox.service';
import {
  listReminderDeliveries,
  planDueReminders,
  providerReason,
  reminderTime,
  sendReminder,
} from './reminders.service';

/*
 * Lesson reminders (issue #24) on a real database: planning across daylight-saving changes (a
 * parent in New York, a course in Shanghai), exactly once with two planners and two senders,
 * provider failures and retries, moved and cancelled lessons, quiet hours, and the local outbox
 * showing the texts in the parent's zone and language.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MIN = 60_000;
const HOUR = 60 * MIN;

type Choice = 'off' | 'email' | 'sms' | 'both';

/** A family with one child enrolled in a Shanghai course; lessons are added one by one. */
async function family(
  options: {
    zone?: string | null;
    language?: 'en' | 'zh_CN';
    email?: string | null;
    settings?: { day_before?: Choice; soon?: Choice; quiet_hours?: boolean };
    nickname?: string;
  } = {},
) {
  const tag = newPublicId('R').toLowerCase();
  const parent = await createParent(t.ctx, {
    email: options.email === null ? null : (options.email ?? `${tag}@example.com`),
    language: options.language ?? 'en',
    time_zone: options.zone === undefined ? 'America/New_York' : options.zone,
  });
  if (options.settings)
    await t.ctx.db.insert(reminderSettings).values({
      parent_id: parent.id,
      day_before: options.settings.day_before ?? 'email',
      soon: options.settings.soon ?? 'sms',
      quiet_hours: options.settings.quiet_hours ?? true,
    });
  const child = await createChild(t.ctx, parent.id, options.nickname ?? 'Mia');
  const course = await createCourse(t.ctx, { slots: [[1, '07:00']], zone: 'Asia/Shanghai' });
  const { addLesson } = await createBareEnrollment(t.ctx, {
    parentId: parent.id,
    studentId: child.id,
    courseId: course.id,
  });
  return { parent, child, course, addLesson, phone: `+${parent.country_code}${parent.mobile}` };
}

const at = (startsAt: Date, offsetMs: number) => new Date(startsAt.getTime() + offsetMs);

async function rowsOfLessons(ids: number[]) {
  return t.ctx.db
    .select()
    .from(lessonReminders)
    .where(inArray(lessonReminders.lesson_id, ids))
    .orderBy(lessonReminders.id);
}

/** A context whose SMS and e-mail providers are the given fakes (the message log still writes). */
function withProviders(sms: (to: string, text: string) => Promise<void>): AppContext {
  return {
    ...t.ctx,
    providers: {
      ...t.ctx.providers,
      sms: { kind: 'local', send: sms },
    },
  };
}

describe('the time a reminder names', () => {
  it.each([
    // Before and after the US change of 2026-03-08 (Shanghai has none): same UTC hour, other wall clock.
    ['2026-03-07T23:00:00Z', 'en', 'Sat 7 Mar, 18:00 America/New_York'],
    ['2026-03-08T23:00:00Z', 'en', 'Sun 8 Mar, 19:00 America/New_York'],
    ['2026-10-31T23:00:00Z', 'en', 'Sat 31 Oct, 19:00 America/New_York'],
    ['2026-11-01T23:00:00Z', 'en', 'Sun 1 Nov, 18:00 America/New_York'],
    ['2026-03-08T23:00:00Z', 'zh_CN', '3月8日 周日 19:00 America/New_York'],
    ['2026-11-01T23:00:00Z', 'zh_CN', '11月1日 周日 18:00 America/New_York'],
  ] as const)('%s in %s → %s', (instant, language, text) => {
    expect(reminderTime(new Date(instant), 'America/New_York', language)).toBe(text);
  });

  it('names the Shanghai time for a parent there', () => {
    expect(reminderTime(new Date('2026-11-25T11:00:00Z'), 'Asia/Shanghai', 'en')).toBe(
      'Wed 25 Nov, 19:00 Asia/Shanghai',
    );
    expect(reminderTime(new Date('2026-11-25T11:00:00Z'), 'Asia/Shanghai', 'zh_CN')).toBe(
      '11月25日 周三 19:00 Asia/Shanghai',
    );
  });
});

describe('planning across daylight-saving changes (parent in New York, course in Shanghai)', () => {
  it.each([
    // Shanghai 07:00 Monday lessons; the New York day-before moment falls on either side of a change.
    [
      '2026-03-08T23:00:00Z',
      'Sun 8 Mar, 19:00 America/New_York',
      '3月8日 周日 19:00 America/New_York',
    ],
    [
      '2026-03-07T23:00:00Z',
      'Sat 7 Mar, 18:00 America/New_York',
      '3月7日 周六 18:00 America/New_York',
    ],
    [
      '2026-10-31T23:00:00Z',
      'Sat 31 Oct, 19:00 America/New_York',
      '10月31日 周六 19:00 America/New_York',
    ],
    [
      '2026-11-01T23:00:00Z',
      'Sun 1 Nov, 18:00 America/New_York',
      '11月1日 周日 18:00 America/New_York',
    ],
  ])(
    'a lesson at %s: the day-before e-mail and the 10-minute SMS say %s (and in Chinese)',
    async (startsAt, enText, zhText) => {
      for (const [language, text] of [
        ['en', enText],
        ['zh_CN', zhText],
      ] as const) {
        const f = await family({ language, nickname: `Kid${language}` });
        const lesson = await f.addLesson(startsAt);
        const start = lesson.starts_at;
        // One minute early: nothing yet.
        const early = await planDueReminders(t.ctx, at(start, -24 * HOUR - MIN));
        expect((await rowsOfLessons([lesson.id])).filter((r) => early.includes(r.id))).toEqual([]);

        await planDueReminders(t.ctx, at(start, -24 * HOUR));
        const [dayBefore] = await rowsOfLessons([lesson.id]);
        expect(dayBefore).toMatchObject({ kind: 'day_before', channel: 'email', state: 'queued' });
        expect(await sendReminder(t.ctx, dayBefore!.id, at(start, -24 * HOUR))).toBe('sent');
        const [mail] = await findOutboxMessagesTo(t.ctx, f.parent.email!, 1);
        expect(mail!.subject).toContain(text);
        expect(mail!.body).toContain(text);
        expect(mail!.body).toContain(`${t.ctx.config.publicUrl}/home/children/AttendClassNow`);

        await planDueReminders(t.ctx, at(start, -10 * MIN));
        const soon = (await rowsOfLessons([lesson.id])).find((r) => r.kind === 'soon')!;
        expect(soon).toMatchObject({ channel: 'sms', state: 'queued' });
        expect(await sendReminder(t.ctx, soon.id, at(start, -9 * MIN))).toBe('sent');
        const [sms] = await findOutboxMessagesTo(t.ctx, f.phone, 1);
        expect(sms!.body).toContain(text);
        expect(sms!.body).toContain(`Kid${language}`);
        expect(sms!.body).toContain(`${t.ctx.config.publicUrl}/home/children/AttendClassNow`);
        expect(sms!.body).toContain(
          language === 'en' ? `lesson ${lesson.lesson_number}` : `第${lesson.lesson_number}课`,
        );
      }
    },
  );

  it.each([
    // [planned at, relative to the start] → kinds planned
    ['25 h before', -25 * HOUR, []],
    ['24 h before', -24 * HOUR, ['day_before']],
    ['23 h 30 before (its moment 30 min ago)', -23.5 * HOUR, ['day_before']],
    ['3 h before (booked late: the day-before one is not planned)', -3 * HOUR, []],
    ['10 min before', -10 * MIN, ['soon']],
    ['at the start', 0, []],
  ] as const)('planning %s', async (_name, offset, kinds) => {
    const f = await family({ settings: { day_before: 'email', soon: 'email' } });
    const lesson = await f.addLesson('2026-12-01T12:00:00Z');
    await planDueReminders(t.ctx, at(lesson.starts_at, offset));
    expect((await rowsOfLessons([lesson.id])).map((r) => r.kind)).toEqual(kinds);
  });

  it("'both' plans an SMS and an e-mail; 'off' plans nothing", async () => {
    const both = await family({ settings: { day_before: 'both', soon: 'off' } });
    const off = await family({ settings: { day_before: 'off', soon: 'off' } });
    const a = await both.addLesson('2026-12-02T12:00:00Z');
    const b = await off.addLesson('2026-12-02T12:00:00Z');
    for (const offset of [-24 * HOUR, -10 * MIN])
      await planDueReminders(t.ctx, at(a.starts_at, offset));
    expect((await rowsOfLessons([a.id])).map((r) => `${r.kind}:${r.channel}`).sort()).toEqual([
      'day_before:email',
      'day_before:sms',
    ]);
    expect(await rowsOfLessons([b.id])).toEqual([]);
  });

  it('plans nothing for a cancelled lesson or one on leave', async () => {
    const f = await family();
    const cancelled = await f.addLesson('2026-12-03T12:00:00Z');
    const leave = await f.addLesson('2026-12-03T13:00:00Z');
    await t.ctx.db
      .update(lessons)
      .set({ cancelled_at: new Date('2026-11-01T00:00:00Z') })
      .where(eq(lessons.id, cancelled.id));
    await t.ctx.db
      .update(lessons)
      .set({ leave_at: new Date('2026-11-01T00:00:00Z') })
      .where(eq(lessons.id, leave.id));
    await planDueReminders(t.ctx, at(cancelled.starts_at, -10 * MIN));
    await planDueReminders(t.ctx, at(leave.starts_at, -10 * MIN));
    expect(await rowsOfLessons([cancelled.id, leave.id])).toEqual([]);
  });
});

describe('exactly once', () => {
  it('two planners at the same moment insert each reminder once', async () => {
    const f = await family({ settings: { soon: 'both' } });
    const one = await f.addLesson('2026-12-04T12:00:00Z');
    const two = await f.addLesson('2026-12-04T12:05:00Z');
    const now = at(one.starts_at, -5 * MIN);
    const [a, b] = await Promise.all([planDueReminders(t.ctx, now), planDueReminders(t.ctx, now)]);
    const rows = await rowsOfLessons([one.id, two.id]);
    expect(rows).toHaveLength(4);
    const mine = new Set(rows.map((r) => r.id));
    const planned = [...a, ...b].filter((id) => mine.has(id));
    expect(planned.sort()).toEqual([...mine].sort());
    expect(await planDueReminders(t.ctx, now)).not.toEqual(expect.arrayContaining([...mine]));
  });

  it('two senders of one reminder at once call the provider once', async () => {
    const f = await family();
    const lesson = await f.addLesson('2026-12-05T15:00:00Z');
    await planDueReminders(t.ctx, at(lesson.starts_at, -10 * MIN));
    const [row] = await rowsOfLessons([lesson.id]);
    const send = vi.fn(async () => {});
    const ctx = withProviders(send);
    const now = at(lesson.starts_at, -10 * MIN);
    const outcomes = await Promise.all([
      sendReminder(ctx, row!.id, now),
      sendReminder(ctx, row!.id, now),
    ]);
    expect(outcomes.sort()).toEqual(['done', 'sent']);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await sendReminder(ctx, row!.id, now)).toBe('done');
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('provider failures', () => {
  it('a provider that fails twice then succeeds: retry, retry, sent (3 attempts)', async () => {
    const f = await family();
    const lesson = await f.addLesson('2026-12-06T15:00:00Z');
    await planDueReminders(t.ctx, at(lesson.starts_at, -10 * MIN));
    const [row] = await rowsOfLessons([lesson.id]);
    let calls = 0;
    const ctx = withProviders(async () => {
      calls += 1;
      if (calls < 3) throw new Error('Gateway timeout');
    });
    const now = at(lesson.starts_at, -10 * MIN);
    expect(await sendReminder(ctx, row!.id, now)).toBe('retry');
    expect((await rowsOfLessons([lesson.id]))[0]).toMatchObject({
      state: 'queued',
      attempts: 1,
      reason: 'Gateway timeout',
    });
    expect(await sendReminder(ctx, row!.id, at(now, 30_000))).toBe('retry');
    expect(await sendReminder(ctx, row!.id, at(now, 90_000))).toBe('sent');
    expect(calls).toBe(3);
    expect((await rowsOfLessons([lesson.id]))[0]).toMatchObject({
      state: 'sent',
      attempts: 3,
      reason: null,
    });
  });

  it('a provider that always fails: failed after 3 attempts, with its reason scrubbed', async () => {
    const f = await family();
    const lesson = await f.addLesson('2026-12-07T15:00:00Z');
    await planDueReminders(t.ctx, at(lesson.starts_at, -10 * MIN));
    const [row] = await rowsOfLessons([lesson.id]);
    const send = vi.fn(async (to: string) => {
      throw new Error(`Number ${to} is unreachable (a@b.example)`);
    });
    const ctx = withProviders(send);
    const now = at(lesson.starts_at, -10 * MIN);
    expect(await sendReminder(ctx, row!.id, now)).toBe('retry');
    expect(await sendReminder(ctx, row!.id, now)).toBe('retry');
    expect(await sendReminder(ctx, row!.id, now)).toBe('failed');
    expect(await sendReminder(ctx, row!.id, now)).toBe('done');
    expect(send).toHaveBeenCalledTimes(3);
    const [failed] = await rowsOfLessons([lesson.id]);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3 });
    expect(failed!.reason).toBe('Number [number] is unreachable ([address])');
    expect(failed!.reason).not.toContain(f.parent.mobile);
  });

  it('scrubs phones and addresses from a reason', () => {
    expect(providerReason(new Error('to +86 139 1234 5678 failed'))).toBe('to [number] failed');
    expect(providerReason('bad mailbox x.y@example.com')).toBe('bad mailbox [address]');
  });
});

describe('what the lesson is at the moment of sending', () => {
  it('a moved lesson sends its new time, never the old one', async () => {
    const f = await family({ zone: 'Asia/Shanghai' });
    const lesson = await f.addLesson('2026-12-08T11:00:00Z'); // 19:00 Shanghai
    await planDueReminders(t.ctx, at(lesson.starts_at, -10 * MIN));
    const [old] = await rowsOfLessons([lesson.id]);
    const moved = new Date('2026-12-08T12:00:00Z'); // 20:00
    await t.ctx.db.update(lessons).set({ starts_at: moved }).where(eq(lessons.id, lesson.id));
    expect(await sendReminder(t.ctx, old!.id, at(lesson.starts_at, -9 * MIN))).toBe('skipped');
    await planDueReminders(t.ctx, at(moved, -10 * MIN));
    const fresh = (await rowsOfLessons([lesson.id])).find((r) => r.id !== old!.id)!;
    expect(fresh.starts_at).toEqual(moved);
    expect(await sendReminder(t.ctx, fresh.id, at(moved, -10 * MIN))).toBe('sent');
    const texts = (await findOutboxMessagesTo(t.ctx, f.phone, 10)).map((m) => m.body);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Tue 8 Dec, 20:00 Asia/Shanghai');
    expect(texts.join('\n')).not.toContain('19:00');
    expect((await rowsOfLessons([lesson.id])).map((r) => [r.state, r.reason])).toEqual([
      ['skipped', 'moved'],
      ['sent', null],
    ]);
  });

  it.each([
    ['cancelled', { cancelled_at: new Date('2026-12-01T00:00:00Z') }],
    ['on-leave', { leave_at: new Date('2026-12-01T00:00:00Z') }],
  ] as const)('a lesson %s after planning sends nothing', async (reason, change) => {
    const f = await family();
    const lesson = await f.addLesson('2026-12-09T15:00:00Z');
    await planDueReminders(t.ctx, at(lesson.starts_at, -10 * MIN));
    const [row] = await rowsOfLessons([lesson.id]);
    await t.ctx.db.update(lessons).set(change).where(eq(lessons.id, lesson.id));
    const send = vi.fn(async () => {});
    expect(await sendReminder(withProviders(send), row!.id, at(lesson.starts_at, -9 * MIN))).toBe(
      'skipped',
    );
    expect(send).not.toHaveBeenCalled();
    expect((await rowsOfLessons([lesson.id]))[0]).toMatchObject({ state: 'skipped', reason });
  });

  it('a lesson that already started sends nothing', async () => {
    const f = await family();
    const lesson = await f.addLesson('2026-12-10T15:00:00Z');
    await planDueReminders(t.ctx, at(lesson.starts_at, -10 * MIN));
    const [row] = await rowsOfLessons([lesson.id]);
    const send = vi.fn(async () => {});
    expect(await sendReminder(withProviders(send), row!.id, at(lesson.starts_at, MIN))).toBe(
      'skipped',
    );
    expect(send).not.toHaveBeenCalled();
    expect((await rowsOfLessons([lesson.id]))[0]).toMatchObject({ reason: 'started' });
  });

  it('a parent without an e-mail address: the e-mail reminder is skipped (no-email)', async () => {
    const f = await family({ email: null });
    const lesson = await f.addLesson('2026-12-11T15:00:00Z');
    await planDueReminders(t.ctx, at(lesson.starts_at, -24 * HOUR));
    const [row] = await rowsOfLessons([lesson.id]);
    expect(await sendReminder(t.ctx, row!.id, at(lesson.starts_at, -24 * HOUR))).toBe('skipped');
    expect((await rowsOfLessons([lesson.id]))[0]).toMatchObject({ reason: 'no-email' });
  });
});

describe('quiet hours (22:00–08:00 in the parent’s zone)', () => {
  it.each([
    // Shanghai parent; the 10-minute SMS at 07:55 for a lesson at 08:05 waits for nobody: skipped.
    ['a lesson at 08:05, SMS at 07:55', '2026-12-12T00:05:00Z', true, 'skipped'],
    // The lesson itself is in the window: the SMS goes.
    ['a lesson at 07:30, SMS at 07:20', '2026-12-12T23:30:00Z', true, 'sent'],
    ['a lesson at 22:30, SMS at 22:20', '2026-12-13T14:30:00Z', true, 'sent'],
    ['a lesson at 08:05 with quiet hours off', '2026-12-14T00:05:00Z', false, 'sent'],
    ['a lesson at 12:00 (not quiet)', '2026-12-14T04:00:00Z', true, 'sent'],
  ] as const)('%s → %s', async (_name, startsAt, quiet, outcome) => {
    const f = await family({ zone: 'Asia/Shanghai', settings: { quiet_hours: quiet } });
    const lesson = await f.addLesson(startsAt);
    await planDueReminders(t.ctx, at(lesson.starts_at, -10 * MIN));
    const [row] = await rowsOfLessons([lesson.id]);
    expect(await sendReminder(t.ctx, row!.id, at(lesson.starts_at, -10 * MIN))).toBe(outcome);
    if (outcome === 'skipped')
      expect((await rowsOfLessons([lesson.id]))[0]).toMatchObject({ reason: 'quiet-hours' });
  });
});

describe('the day-before e-mail', () => {
  it("lists the family's other lessons of the next 7 days, in Chinese for a Chinese parent", async () => {
    const f = await family({ zone: 'Asia/Shanghai', language: 'zh_CN', nickname: '小米' });
    const lesson = await f.addLesson('2026-12-16T11:00:00Z');
    await f.addLesson('2026-12-18T11:00:00Z');
    await f.addLesson('2026-12-30T11:00:00Z'); // beyond the week
    await planDueReminders(t.ctx, at(lesson.starts_at, -24 * HOUR));
    const [row] = await rowsOfLessons([lesson.id]);
    await sendReminder(t.ctx, row!.id, at(lesson.starts_at, -24 * HOUR));
    const [mail] = await findOutboxMessagesTo(t.ctx, f.parent.email!, 1);
    expect(mail!.subject).toContain('明天上课：小米');
    expect(mail!.subject).toContain('12月16日 周三 19:00 Asia/Shanghai');
    expect(mail!.body).toContain('未来 7 天家中其他课程');
    expect(mail!.body).toContain('12月18日 周五 19:00 Asia/Shanghai');
    expect(mail!.body).not.toContain('12月30日');
  });

  it('the deliveries list shows the family’s own reminders, newest first', async () => {
    const f = await family();
    const other = await family();
    const lesson = await f.addLesson('2026-12-20T15:00:00Z');
    const theirs = await other.addLesson('2026-12-20T15:00:00Z');
    t.clock.set(at(lesson.starts_at, -10 * MIN));
    await planDueReminders(t.ctx, at(lesson.starts_at, -10 * MIN));
    const [row] = await rowsOfLessons([lesson.id]);
    await sendReminder(t.ctx, row!.id, at(lesson.starts_at, -10 * MIN));
    const list = await listReminderDeliveries(t.ctx, f.parent.id);
    expect(list).toEqual([
      expect.objectContaining({ id: row!.id, state: 'sent', kind: 'soon', nickname: 'Mia' }),
    ]);
    const theirRows = await rowsOfLessons([theirs.id]);
    expect(list.map((d) => d.id)).not.toContain(theirRows[0]!.id);
  });
});
