import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarFeedLinkSchema } from '@portal/shared/calendar';
import {
  createChild,
  createCourse,
  createEnrollment,
  grantCredits,
} from '../../../test/factories/lessons';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { calendarFeeds, lessons, rateLimitCounters } from '../../db/schema';

/*
 * The family's calendar feed (issue #24) through `inject`, the feed parsed back with ical.js
 * (never string matching): stable UIDs across a move, cancelled and on-leave lessons marked,
 * TZID with its VTIMEZONE, the 10-minute alarm, the 4-weeks-back / 8-weeks-ahead window, no
 * other family's lessons; a reset stops the old URL at once; unknown tokens are 404.
 */

type Headers = Record<string, string>;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload: {} });
const zh = (headers: Headers) => ({ ...headers, 'accept-language': 'zh-CN' });
/** The path of a feed URL as inject wants it. */
const pathOf = (url: string) => new URL(url).pathname;

/** A family in New York whose child Mia learns in a Shanghai course, lessons all around now. */
async function family(options: { zone?: string | null; language?: 'en' | 'zh_CN' } = {}) {
  const signedIn = await createSignedInParent(t.ctx, {
    time_zone: options.zone === undefined ? 'America/New_York' : options.zone,
    language: options.language ?? 'en',
  });
  const child = await createChild(t.ctx, signedIn.parent.id, 'Mia');
  await grantCredits(t.ctx, signedIn.parent.id, { paid: 20 });
  const course = await createCourse(t.ctx, { slots: [[3, '19:00']], zone: 'Asia/Shanghai' });
  await createEnrollment(t.ctx, {
    parentId: signedIn.parent.id,
    studentId: child.id,
    courseId: course.id,
    weeks: 4,
  });
  const own = await t.ctx.db
    .select()
    .from(lessons)
    .where(eq(lessons.parent_id, signedIn.parent.id))
    .orderBy(lessons.starts_at);
  expect(own.length).toBeGreaterThanOrEqual(3);
  const template = own[0]!;
  // Lessons the generator does not make: in the past, and just inside and outside the window.
  const now = t.clock.now().getTime();
  const extra = async (number: number, daysFromNow: number) => {
    const startsAt = new Date(now + daysFromNow * DAY_MS);
    const [row] = await t.ctx.db
      .insert(lessons)
      .values({
        ...template,
        id: undefined,
        lesson_sn: `CAL${signedIn.parent.id}N${number}`,
        lesson_number: number,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 25 * 60_000),
      })
      .returning();
    return row!;
  };
  const inside = {
    pastInside: await extra(900, -27),
    aheadInside: await extra(901, 55),
  };
  const outside = {
    pastOutside: await extra(902, -29),
    aheadOutside: await extra(903, 57),
  };
  return { ...signedIn, own, ...inside, ...outside };
}

async function feedLink(headers: Headers) {
  const response = await post('/api/calendarFeed', headers);
  expect(response.statusCode).toBe(200);
  return { body: response.json(), link: CalendarFeedLinkSchema.parse(response.json().data) };
}

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  url: string | null;
  status: string | null;
  sequence: number;
  tzid: string | null;
  start: Date;
  alarms: { action: string; trigger: string }[];
}

/** The feed as a calendar app reads it: ical.js, with the feed's own VTIMEZONEs registered. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component): ParsedEvent => {
    const event = new ICAL.Event(component);
    const dtstart = component.getFirstProperty('dtstart')!;
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: (component.getFirstPropertyValue('url') as string | null) ?? null,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
      tzid: (dtstart.getParameter('tzid') as string | undefined) ?? null,
      start: event.startDate.toJSDate(),
      alarms: component.getAllSubcomponents('valarm').map((alarm) => ({
        action: String(alarm.getFirstPropertyValue('action')),
        trigger: String(alarm.getFirstPropertyValue('trigger')),
      })),
    };
  });
  return {
    zones: zones.map((zone) => String(zone.getFirstPropertyValue('tzid'))),
    events,
    byUid: (sn: string) => events.find((event) => event.uid.startsWith(`lesson-${sn}@`)),
  };
}

async function fetchFeed(url: string) {
  const response = await get(pathOf(url));
  expect(response.statusCode).toBe(200);
  return parseFeed(response.body);
}

describe('calendar feed routes', () => {
  it('need a signed-in parent to see or make the link', async () => {
    for (const response of [await get('/api/calendarFeed'), await post('/api/calendarFeed')]) {
      expect(response.statusCode).toBe(401);
    }
    expect(await t.ctx.db.select().from(calendarFeeds)).toHaveLength(0);
  });

  it('make a link shown once, then say since when it is active', async () => {
    const { headers, parent } = await createSignedInParent(t.ctx);
    expect((await get('/api/calendarFeed', headers)).json().data).toEqual({
      active: false,
      created_at: null,
    });
    const { body, link } = await feedLink(headers);
    expect(body.msg).toBe('Your calendar link is ready. Copy it now: it is shown only this once.');
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcal_url).toBe(link.url.replace('http://', 'webcal://'));
    const token = pathOf(link.url).split('/').pop()!.replace('.ics', '');
    // Only the hash is kept.
    const [row] = await t.ctx.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.parent_id, parent.id));
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(token);
    const status = (await get('/api/calendarFeed', headers)).json().data;
    expect(status).toEqual({ active: true, created_at: link.created_at });
    expect(JSON.stringify(status)).not.toContain(token);
  });

  it('serve the family’s lessons as iCalendar, parsed back by a library', async () => {
    const fam = await family();
    const other = await family();
    const { link } = await feedLink(fam.headers);
    const response = await get(pathOf(link.url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const feed = parseFeed(response.body);

    // The window: 4 weeks back to 8 weeks ahead, the family's own lessons only.
    const expected = [...fam.own, fam.pastInside, fam.aheadInside];
    expect(feed.events).toHaveLength(expected.length);
    for (const lesson of expected) expect(feed.byUid(lesson.lesson_sn)).toBeDefined();
    for (const lesson of [fam.pastOutside, fam.aheadOutside, ...other.own])
      expect(feed.byUid(lesson.lesson_sn)).toBeUndefined();

    // Times in the parent's zone, with the zone's definition in the feed, and the same instants.
    expect(feed.zones).toEqual(['America/New_York']);
    const first = fam.own[0]!;
    const event = feed.byUid(first.lesson_sn)!;
    expect(event.tzid).toBe('America/New_York');
    expect(event.start.getTime()).toBe(first.starts_at.getTime());
    expect(event.summary).toMatch(/^Mia · Subject \d+ Level 1 · Lesson 1: Animals$/);
    expect(event.status).toBe('CONFIRMED');
    expect(event.url).toMatch(/\/home\/children\/AttendClassNow$/);
    expect(event.description).toContain('Enter the classroom: http://localhost');
    expect(event.alarms).toEqual([{ action: 'DISPLAY', trigger: '-PT10M' }]);

    // Nothing else about the family: no phone, no room key.
    expect(response.body).not.toContain(fam.parent.mobile);
    expect(response.body).not.toContain(first.room_key);
  });

  it('keep a moved lesson’s UID with a higher SEQUENCE, and mark cancelled and on-leave ones', async () => {
    const fam = await family({ language: 'zh_CN' });
    const { link } = await feedLink(fam.headers);
    const [moved, cancelled, onLeave] = fam.own;
    const before = await fetchFeed(link.url);
    const beforeMoved = before.byUid(moved!.lesson_sn)!;

    t.clock.advance(60_000);
    const now = t.clock.now();
    const newStart = new Date(moved!.starts_at.getTime() + 2 * 3600_000);
    await t.ctx.db
      .update(lessons)
      .set({
        starts_at: newStart,
        ends_at: new Date(newStart.getTime() + 25 * 60_000),
        updated_at: now,
      })
      .where(eq(lessons.id, moved!.id));
    await t.ctx.db
      .update(lessons)
      .set({ cancelled_at: now, updated_at: now })
      .where(eq(lessons.id, cancelled!.id));
    await t.ctx.db
      .update(lessons)
      .set({ leave_at: now, updated_at: now })
      .where(eq(lessons.id, onLeave!.id));

    const after = await fetchFeed(link.url);
    expect(after.events).toHaveLength(before.events.length);
    const afterMoved = after.byUid(moved!.lesson_sn)!;
    expect(afterMoved.uid).toBe(beforeMoved.uid);
    expect(afterMoved.start.getTime()).toBe(newStart.getTime());
    expect(afterMoved.sequence).toBeGreaterThan(beforeMoved.sequence);
    expect(afterMoved.status).toBe('CONFIRMED');

    const off = after.byUid(cancelled!.lesson_sn)!;
    expect(off.status).toBe('CANCELLED');
    expect(off.summary).toMatch(/^已取消：Mia · 科目 \d+ 一级 · 第 2 课：主题 2$/);
    expect(off.alarms).toEqual([]);
    expect(off.url).toBeNull();
    const leave = after.byUid(onLeave!.lesson_sn)!;
    expect(leave.status).toBe('CANCELLED');
    expect(leave.summary).toMatch(/^已请假：/);
    expect(leave.description).toContain('本节课已请假');
  });

  it('use the course’s zone when the parent has none', async () => {
    const fam = await family({ zone: null });
    const { link } = await feedLink(fam.headers);
    const feed = await fetchFeed(link.url);
    expect(feed.zones).toEqual(['Asia/Shanghai']);
    const event = feed.byUid(fam.own[0]!.lesson_sn)!;
    expect(event.tzid).toBe('Asia/Shanghai');
    expect(event.start.getTime()).toBe(fam.own[0]!.starts_at.getTime());
  });

  it('stop the old URL at once when the link is reset, and say so in both languages', async () => {
    const fam = await family();
    const first = (await feedLink(fam.headers)).link;
    expect((await get(pathOf(first.url))).statusCode).toBe(200);
    const reset = await feedLink(zh(fam.headers));
    expect(reset.body.msg).toBe('已生成新的日历链接，旧链接已失效。');
    expect(reset.link.url).not.toBe(first.url);

    const old = await get(pathOf(first.url));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({
      code: 404,
      msg: 'This calendar link does not work (it was reset, or never existed).',
    });
    expect((await get(pathOf(first.url), zh({}))).json().msg).toBe(
      '此日历链接无效（已重置或不存在）。',
    );
    expect((await get(pathOf(reset.link.url))).statusCode).toBe(200);
    expect((await feedLink(fam.headers)).body.msg).toBe(
      'A new calendar link was made. The old one no longer works.',
    );
  });

  it('answer 404 to unknown and malformed tokens', async () => {
    for (const path of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/short.ics',
      `/api/calendar/${'A'.repeat(43)}`,
      `/api/calendar/${'A'.repeat(43)}.ics.txt`,
    ]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });

  it('count requests per token, so one busy URL does not block another', async () => {
    const a = await createSignedInParent(t.ctx);
    const b = await createSignedInParent(t.ctx);
    const linkA = (await feedLink(a.headers)).link;
    const linkB = (await feedLink(b.headers)).link;
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await get(pathOf(linkA.url))).statusCode);
    expect(codes.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    expect((await get(pathOf(linkB.url))).statusCode).toBe(200);
  });

  it('keep tokens out of the log and the rate limiter’s keys', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const { link } = await feedLink(headers);
    await get(pathOf(link.url));
    await get(`/api/calendar/${'B'.repeat(43)}.ics`);
    const token = pathOf(link.url).split('/').pop()!.replace('.ics', '');
    expect(t.logText()).not.toContain(token);
    expect(t.logText()).not.toContain('B'.repeat(43));
    const keys = await t.ctx.db.select().from(rateLimitCounters);
    expect(keys.some((row) => row.key.includes(':feed:'))).toBe(true);
    expect(JSON.stringify(keys)).not.toContain(token);
  });
});
