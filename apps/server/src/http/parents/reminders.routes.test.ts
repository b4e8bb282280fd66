import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, lessonReminders, lessons, reminderSettings } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { createChild, createCourse } from '../../../test/factories/lessons';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { planDueReminders, sendReminder } from '../../modules/reminders/reminders.service';

/*
 * The parents' reminder routes (issue #24) through `inject`: defaults, saving, bad input refused
 * with a translated message and nothing changed, no session, and one family's reminders never
 * shown to another.
 */

type Headers = Record<string, string>;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const zh = (headers: Headers) => ({ ...headers, 'accept-language': 'zh-CN' });

/** A signed-in family with one lesson at `startsAt` whose 10-minute reminder was sent. */
async function familyWithReminder(startsAt: string) {
  const signedIn = await createSignedInParent(t.ctx, {
    email: `${newPublicId('m').toLowerCase()}@example.com`,
    time_zone: 'Asia/Shanghai',
  });
  const child = await createChild(t.ctx, signedIn.parent.id, 'Mia');
  const course = await createCourse(t.ctx, { slots: [[1, '19:00']], zone: 'Asia/Shanghai' });
  const [enrollment] = await t.ctx.db
    .insert(enrollments)
    .values({
      enrollment_sn: newPublicId('E'),
      parent_id: signedIn.parent.id,
      student_id: child.id,
      course_id: course.id,
      starts_at: new Date('2026-11-01T00:00:00Z'),
    })
    .returning();
  const start = new Date(startsAt);
  const [lesson] = await t.ctx.db
    .insert(lessons)
    .values({
      lesson_sn: newPublicId('L'),
      enrollment_id: enrollment!.id,
      parent_id: signedIn.parent.id,
      student_id: child.id,
      course_id: course.id,
      lesson_number: 7,
      starts_at: start,
      ends_at: new Date(start.getTime() + 25 * 60_000),
      required_credit: 1,
      room_key: newPublicId('K'),
    })
    .returning();
  const now = new Date(start.getTime() - 10 * 60_000);
  t.clock.set(now);
  await planDueReminders(t.ctx, now);
  const [row] = await t.ctx.db
    .select()
    .from(lessonReminders)
    .where(inArray(lessonReminders.lesson_id, [lesson!.id]));
  await sendReminder(t.ctx, row!.id, now);
  return { ...signedIn, course, reminderId: row!.id };
}

describe('reminder routes', () => {
  it('need a signed-in parent', async () => {
    for (const [method, url] of [
      ['GET', '/api/reminderSettings'],
      ['POST', '/api/reminderSettings'],
      ['GET', '/api/reminderDeliveries'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answer the defaults until saved, then what was saved (both languages)', async () => {
    const { headers } = await createSignedInParent(t.ctx, { time_zone: 'Asia/Shanghai' });
    expect((await get('/api/reminderSettings', headers)).json()).toMatchObject({
      code: 200,
      data: {
        day_before: 'email',
        soon: 'sms',
        quiet_hours: true,
        has_email: false,
        time_zone: 'Asia/Shanghai',
      },
    });
    const body = { day_before: 'off', soon: 'both', quiet_hours: false };
    const saved = await post('/api/reminderSettings', headers, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ msg: 'Reminder settings saved.', data: body });
    const again = await post('/api/reminderSettings', zh(headers), { ...body, soon: 'email' });
    expect(again.json()).toMatchObject({ msg: '提醒设置已保存。', data: { soon: 'email' } });
    expect((await get('/api/reminderSettings', headers)).json().data).toMatchObject({
      day_before: 'off',
      soon: 'email',
      quiet_hours: false,
    });
  });

  it('refuse bad input with a translated message and change nothing', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx);
    for (const payload of [
      { day_before: 'pigeon', soon: 'sms', quiet_hours: true },
      { day_before: 'email', soon: 'sms' },
      { day_before: 'email', soon: 'sms', quiet_hours: 'yes' },
      [],
    ]) {
      const en = await post('/api/reminderSettings', headers, payload);
      expect(en.statusCode).toBe(400);
      expect(en.json().msg).toMatch(/check|not valid/i);
      const cn = await post('/api/reminderSettings', zh(headers), payload);
      expect(cn.statusCode).toBe(400);
      expect(cn.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const rows = await t.ctx.db
      .select()
      .from(reminderSettings)
      .where(inArray(reminderSettings.parent_id, [parent.id]));
    expect(rows).toEqual([]);
  });

  it("list the family's own reminders with their state; another family sees none of them", async () => {
    const mine = await familyWithReminder('2026-12-01T11:00:00Z');
    const theirs = await familyWithReminder('2026-12-01T11:00:00Z');
    const res = await get('/api/reminderDeliveries', mine.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([
      {
        id: mine.reminderId,
        kind: 'soon',
        channel: 'sms',
        state: 'sent',
        attempts: 1,
        reason: null,
        starts_at: '2026-12-01T11:00:00.000Z',
        student_nickname: 'Mia',
        course_title: expect.stringContaining('Level 1'),
        lesson_number: 7,
        updated_at: expect.any(String),
        sent_at: '2026-12-01T10:50:00.000Z',
      },
    ]);
    const zhItems = (await get('/api/reminderDeliveries', zh(mine.headers))).json().data.items;
    expect(zhItems[0].course_title).toContain('一级');
    const others = (await get('/api/reminderDeliveries', theirs.headers)).json().data.items;
    expect(others.map((item: { id: number }) => item.id)).toEqual([theirs.reminderId]);
  });
});
