import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../db/seed/catalogue';
import { buildTestApp, TestClock, type TestApp } from '../../../test/helpers/app';

let t: TestApp;
let ip = 0;

beforeAll(async () => {
  // Sunday 2026-11-22 02:00 UTC.
  t = await buildTestApp({ clock: new TestClock(new Date('2026-11-22T02:00:00Z')) });
  await t.ctx.db.transaction((tx) => seedCatalogue(tx, t.clock.now()));
});
afterAll(() => t.close());

interface Item {
  course_id: number;
  subject_title: string;
  level_group_title: string;
  date_time: string[];
  weekday: number[];
  class_type: string;
}

async function schedule(body: object, lang = 'en') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/getCoursesSchedule',
    payload: body,
    headers: { lang },
    remoteAddress: `10.7.0.${++ip % 250}`,
  });
  return response;
}

async function all(body: object): Promise<Item[]> {
  const first = (await schedule({ ...body, page: 1, pagesize: 50 })).json();
  return first.data.datas as Item[];
}

describe('GET subjects, levels, groups and topics', () => {
  it('lists subjects in the request language, revalidated on every visit (edits show at once)', async () => {
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/edu/subjects',
      headers: { lang: 'en' },
    });
    expect(en.json().data.map((s: { title: string }) => s.title)).toEqual([
      'English Reading',
      'Math Thinking',
      'Chinese',
      'Science',
    ]);
    expect(en.headers['cache-control']).toBe('public, no-cache');
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/getSubject',
      headers: { lang: 'zh_CN' },
    });
    expect(zh.json().data[0]).toMatchObject({
      title: '英语阅读',
      img: '/img/subjects/reading.svg',
    });
  });

  it('lists the levels of a subject with age ranges, and its level groups', async () => {
    const subjects = (await t.app.inject({ method: 'GET', url: '/api/edu/subjects' })).json().data;
    const reading = subjects[0].id;
    const levels = (
      await t.app.inject({ method: 'GET', url: `/api/edu/subjects-${reading}/levels` })
    ).json().data;
    expect(levels).toHaveLength(3);
    expect(levels[0]).toMatchObject({ title: 'Level 1', age_range_start: 4, age_range_end: 6 });
    const groups = (
      await t.app.inject({ method: 'GET', url: `/api/getSubjectLevelsGroup?subject_id=${reading}` })
    ).json().data;
    expect(groups.map((g: { title: string }) => g.title)).toEqual(['Starter', 'Explorer']);

    const topics = await t.app.inject({
      method: 'GET',
      url: `/api/getLessonTopicForSubject?subject_id=${reading}&level_id=${levels[0].id}`,
      headers: { lang: 'zh_CN' },
    });
    expect(topics.json().data.total).toBe(8);
    expect(topics.json().data.data[0]).toMatchObject({
      position: 1,
      lesson_topic: '自然拼读：短元音',
    });
    // A level of another subject gives no topics.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/getLessonTopicForSubject?subject_id=${subjects[1].id}&level_id=${levels[0].id}`,
    });
    expect(other.json().data).toEqual({ data: [], total: 0 });
  });

  it.each([
    ['/api/edu/subjects-9999/levels', 404],
    ['/api/edu/subjects-abc/levels', 400],
    ['/api/getSubjectLevelsGroup?subject_id=9999', 404],
    ['/api/getSubjectLevelsGroup', 400],
    ['/api/getLessonTopicForSubject?subject_id=1', 400],
  ])('refuses %s with %i', async (url, status) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { lang: 'en' } });
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(status);
  });
});

describe('POST /api/getCoursesSchedule', () => {
  it('answers pages of 10 with the total and the filter options', async () => {
    const response = await schedule({ time_diff: 480, page: 1, pagesize: 10 });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.total).toBe(16);
    expect(data.datas).toHaveLength(10);
    expect(data.seach.weekdays).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(data.seach.frequencies).toEqual([1, 2, 3]);
    expect(data.seach.subjects).toHaveLength(4);
    const second = (await schedule({ time_diff: 480, page: 2, pagesize: 10 })).json().data;
    expect(second.datas).toHaveLength(6);
  });

  it('shows times in the visitor offset', async () => {
    const shanghai = (await all({ time_diff: 480 }))[0]!;
    // Reading Level 1 small group: Mon and Wed 18:00 in Shanghai.
    expect(shanghai.date_time).toEqual(['1-18:00', '3-18:00']);
    const utc = (await all({ time_diff: 0 }))[0]!;
    expect(utc.date_time).toEqual(['1-10:00', '3-10:00']);
    const newYorkVisitor = (await all({ time_diff: -300 }))[0]!;
    expect(newYorkVisitor.date_time).toEqual(['1-05:00', '3-05:00']);
  });

  it('follows the course zone across its daylight-saving change', async () => {
    // Reading Level 2 group is taught Saturday 19:00 in New York.
    const find = (items: Item[]) =>
      items.find((i) => i.date_time.length === 3 && i.subject_title === 'English Reading')!;
    t.clock.set('2026-03-01T00:00:00Z'); // EST (UTC−5)
    const before = find(await all({ time_diff: 480 }));
    t.clock.set('2026-03-09T00:00:00Z'); // EDT (UTC−4)
    const after = find(await all({ time_diff: 480 }));
    t.clock.set('2026-11-22T02:00:00Z');
    expect(before.date_time).toContain('0-08:00'); // Sunday 08:00 in UTC+8
    expect(after.date_time).toContain('0-07:00');
  });

  it('combines filters with AND and the total matches', async () => {
    const subjects = (await schedule({})).json().data.seach.subjects as { id: number }[];
    const math = subjects[1]!.id;
    const mathOnly = await all({ subject_id: math, time_diff: 480 });
    expect(mathOnly.every((i) => i.subject_title === 'Math Thinking')).toBe(true);
    expect(mathOnly).toHaveLength(4);
    const mathTwice = await all({ subject_id: math, frequency: 2, time_diff: 480 });
    expect(mathTwice.every((i) => i.date_time.length === 2)).toBe(true);
    const mathMonday = await all({ subject_id: math, weekday: [1], time_diff: 480 });
    expect(mathMonday.length).toBeGreaterThan(0);
    expect(mathMonday.every((i) => i.weekday.includes(1))).toBe(true);
    const response = (
      await schedule({ subject_id: math, weekday: [1], time_diff: 480, page: 1, pagesize: 1 })
    ).json().data;
    expect(response.total).toBe(mathMonday.length);
    expect(response.datas).toHaveLength(1);
  });

  it('reads weekdays in the visitor offset', async () => {
    // Chinese L1 small group: Sat/Sun 17:00 in Los Angeles → Sun/Mon 09:00 in UTC+8.
    const monday = await all({ weekday: [1], time_diff: 480 });
    expect(
      monday.some((i) => i.subject_title === 'Chinese' && i.date_time.includes('1-09:00')),
    ).toBe(true);
  });

  it('answers an empty list, not an error, when nothing matches', async () => {
    const subjects = (await schedule({})).json().data.seach.subjects as { id: number }[];
    const response = await schedule({ subject_id: subjects[3]!.id, frequency: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ datas: [], total: 0 });
  });

  it('treats frequency 0 / "" as All', async () => {
    expect((await schedule({ frequency: 0 })).json().data.total).toBe(16);
    expect((await schedule({ frequency: '' })).json().data.total).toBe(16);
  });

  it.each([
    [{ weekday: [7] }, 'Weekdays must be between 0 (Sunday) and 6 (Saturday).'],
    [{ weekday: [-1] }, 'Weekdays must be between 0 (Sunday) and 6 (Saturday).'],
    [{ weekday: ['x'] }, 'Weekdays must be between 0 (Sunday) and 6 (Saturday).'],
    [{ frequency: 4 }, 'Frequency must be 1, 2 or 3 lessons a week.'],
    [{ frequency: 'often' }, 'Frequency must be 1, 2 or 3 lessons a week.'],
    [{ time_diff: 9999 }, 'The time zone offset is not valid.'],
  ])('refuses %j', async (body, msg) => {
    const response = await schedule(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
  });

  it('translates the refusal', async () => {
    const response = await schedule({ frequency: 9 }, 'zh_CN');
    expect(response.json().msg).toBe('上课频率只能是每周 1、2 或 3 次。');
  });

  it('names class types in the request language', async () => {
    const zh = (await schedule({ time_diff: 480 }, 'zh_CN')).json().data.datas as Item[];
    expect(new Set(zh.map((i) => i.class_type))).toEqual(new Set(['小班课', '一对一', '大班课']));
  });
});
