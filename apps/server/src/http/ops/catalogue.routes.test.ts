import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import { enrollments } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { seedAgreements } from '../../db/seed/agreements';
import { createParent } from '../../../test/factories/parents';
import { createChild } from '../../../test/factories/lessons';
import { createTeacher } from '../../../test/factories/teachers';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';
import { catalogueRoutes } from './catalogue.routes';

/**
 * The catalogue's ops routes through `inject` (issue #22): admins edit, advisers and teachers are
 * refused on every route, bad input and unknown ids change nothing, every write is audited, and
 * the public schedule and curriculum show a change on the next request.
 */
let t: TestApp;
let teacherId: number;
beforeAll(async () => {
  t = await buildOpsTestApp({ routes: [catalogueRoutes] });
  t.clock.set('2026-11-22T02:00:00Z');
  await t.ctx.db.transaction((tx) => seedAgreements(tx, t.clock.now()));
  teacherId = (await createTeacher(t.ctx, { name: 'Tom Teacher' })).id;
});
afterAll(() => t.close());

type Who = StaffRole | 'none';

function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  who: Who = 'admin',
  lang = 'en',
) {
  return t.app.inject({
    method,
    url: `/api/ops${url}`,
    headers: { ...(who === 'none' ? {} : staffHeaders(who)), lang },
    ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
    remoteAddress: '10.9.0.7',
  });
}

async function ok(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function count(table: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await t.ctx.db.execute(sql`select count(*) as n from ${sql.identifier(table)}`),
  );
  return Number(row!.n);
}

/** Row counts of everything the catalogue routes write. */
const snapshot = async () =>
  Promise.all(
    [
      'subjects',
      'level_groups',
      'levels',
      'topics',
      'courses',
      'course_slots',
      'agreements',
      'audit_log',
    ].map(count),
  );

async function auditOf(action: string, targetType: string, targetId: number | string) {
  return rowsOf<{ staff_id: number; ip: string; before: unknown; after: unknown }>(
    await t.ctx.db.execute(
      sql`select * from audit_log where action = ${action} and target_type = ${targetType}
          and target_id = ${String(targetId)} order by id`,
    ),
  );
}

const subjectBody = {
  titleEn: 'Art',
  titleZh: '美术',
  descriptionEn: 'Drawing and colour',
  descriptionZh: '绘画与色彩',
  img: '/img/subjects/science.svg',
  sort: 1,
};

/** A subject with a group, a level and a public course taught Mondays 18:00 in Shanghai. */
async function catalogue() {
  const subject = await ok('POST', '/catalogue/subjects', subjectBody);
  const group = await ok('POST', '/catalogue/level-groups', {
    subjectId: subject.id,
    titleEn: 'Starter',
    titleZh: '入门',
    sort: 0,
  });
  const level = await ok('POST', '/catalogue/levels', {
    subjectId: subject.id,
    levelGroupId: group.id,
    titleEn: 'Level A',
    titleZh: 'A 级',
    ageFrom: 4,
    ageTo: 6,
    descriptionEn: 'First steps',
    descriptionZh: '第一步',
    sort: 0,
  });
  const course = await ok('POST', '/catalogue/courses', courseBody(level.id));
  return { subjectId: subject.id as number, groupId: group.id as number, level, course };
}

const courseBody = (levelId: number, overrides: object = {}) => ({
  levelId,
  classType: 'small_group',
  capacity: 4,
  creditsPerLesson: 1,
  durationMinutes: 30,
  totalLessons: 12,
  isPublic: true,
  timeZone: 'Asia/Shanghai',
  teacherId,
  slots: [{ weekday: 1, time: '18:00' }],
  ...overrides,
});

async function publicSchedule(): Promise<number[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/getCoursesSchedule',
    payload: { time_diff: 480, page: 1, pagesize: 50 },
  });
  return (response.json().data.datas as { course_id: number }[]).map((item) => item.course_id);
}

describe('who may edit the catalogue', () => {
  const routes: ['GET' | 'POST', string][] = [
    ['GET', '/catalogue'],
    ['GET', '/catalogue/teachers'],
    ['POST', '/catalogue/subjects'],
    ['POST', '/catalogue/subjects/1'],
    ['POST', '/catalogue/level-groups'],
    ['POST', '/catalogue/level-groups/1'],
    ['POST', '/catalogue/levels'],
    ['POST', '/catalogue/levels/1'],
    ['GET', '/catalogue/levels/1/topics'],
    ['POST', '/catalogue/levels/1/topics'],
    ['POST', '/catalogue/levels/1/topics/order'],
    ['POST', '/catalogue/topics/1'],
    ['GET', '/catalogue/courses'],
    ['GET', '/catalogue/courses/1'],
    ['POST', '/catalogue/courses'],
    ['POST', '/catalogue/courses/1'],
    ['POST', '/catalogue/courses/1/retire'],
    ['GET', '/catalogue/agreements'],
    ['POST', '/catalogue/agreements/service'],
  ];

  it.each([
    ['adviser', 403],
    ['teacher', 403],
    ['none', 401],
  ] as const)('refuses the %s on every route (%i), changing nothing', async (who, status) => {
    const before = await snapshot();
    for (const [method, url] of routes) {
      const response = await call(method, url, { ...subjectBody }, who);
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.json().data).toBeNull();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets an admin read the catalogue and the teacher picker', async () => {
    const tree = await ok('GET', '/catalogue');
    expect(tree.subjectImages).toContain('/img/subjects/reading.svg');
    const teachers = await ok('GET', '/catalogue/teachers');
    expect(teachers.items).toContainEqual(
      expect.objectContaining({ id: teacherId, nameEn: 'Tom Teacher' }),
    );
  });
});

describe('an admin edits the catalogue', () => {
  it('creates a subject, group, level and course, audited with who and from where', async () => {
    const { subjectId, groupId, level, course } = await catalogue();
    const tree = await ok('GET', '/catalogue');
    expect(tree.subjects).toContainEqual({ id: subjectId, ...subjectBody });
    expect(tree.levelGroups).toContainEqual(
      expect.objectContaining({ id: groupId, subjectId, titleZh: '入门' }),
    );
    expect(tree.levels).toContainEqual(
      expect.objectContaining({ id: level.id, ageFrom: 4, ageTo: 6, topics: 0 }),
    );
    expect(course).toMatchObject({
      subjectId,
      titleEn: 'Art · Level A',
      teacher: { id: teacherId },
      enrolled: 0,
      retiredAt: null,
    });
    for (const [type, id] of [
      ['subject', subjectId],
      ['level-group', groupId],
      ['level', level.id],
      ['course', course.id],
    ] as const) {
      const [entry] = await auditOf('catalogue.created', type, id);
      expect(entry, type).toMatchObject({ staff_id: STAFF_IDS.admin, ip: '10.9.0.7' });
    }
  });

  it('shows a new course, an edit and a retirement on the public pages at once', async () => {
    const { subjectId, groupId, level, course } = await catalogue();
    expect(await publicSchedule()).toContain(course.id);

    await ok('POST', `/catalogue/subjects/${subjectId}`, { ...subjectBody, titleEn: 'Fine Art' });
    const subjects = await t.app.inject({ url: '/api/edu/subjects', headers: { lang: 'en' } });
    expect(subjects.headers['cache-control']).toBe('public, no-cache');
    expect(subjects.json().data.map((s: { title: string }) => s.title)).toContain('Fine Art');

    await ok('POST', `/catalogue/levels/${level.id}`, {
      levelGroupId: groupId,
      titleEn: 'Level A+',
      titleZh: 'A+ 级',
      ageFrom: 5,
      ageTo: 7,
      descriptionEn: '',
      descriptionZh: '',
      sort: 0,
    });
    const levels = await t.app.inject({ url: `/api/edu/subjects-${subjectId}/levels` });
    expect(levels.json().data[0]).toMatchObject({
      title: 'Level A+',
      age_range_start: 5,
      age_range_end: 7,
    });

    const retired = await ok('POST', `/catalogue/courses/${course.id}/retire`);
    expect(retired.retiredAt).toBe('2026-11-22T02:00:00.000Z');
    expect(await publicSchedule()).not.toContain(course.id);
    expect(await auditOf('catalogue.retired', 'course', course.id)).toHaveLength(1);
    expect(await auditOf('catalogue.updated', 'subject', subjectId)).toMatchObject([
      { before: { titleEn: 'Art' }, after: { titleEn: 'Fine Art' } },
    ]);

    const active = (await ok('GET', `/catalogue/courses?subjectId=${subjectId}`)).items;
    expect(active).toEqual([]);
    const all = (await ok('GET', `/catalogue/courses?subjectId=${subjectId}&status=all`)).items;
    expect(all.map((c: { id: number }) => c.id)).toEqual([course.id]);
    const again = await call('POST', `/catalogue/courses/${course.id}/retire`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This course is retired and can no longer be changed.');
  });

  it('filters courses by teacher and class type', async () => {
    const { subjectId, level } = await catalogue();
    const other = await createTeacher(t.ctx, { name: 'Olga Other' });
    const solo = await ok(
      'POST',
      '/catalogue/courses',
      courseBody(level.id, { classType: 'one_on_one', capacity: 1, teacherId: other.id }),
    );
    const byTeacher = (await ok('GET', `/catalogue/courses?teacherId=${other.id}`)).items;
    expect(byTeacher.map((c: { id: number }) => c.id)).toEqual([solo.id]);
    const oneOnOne = (
      await ok('GET', `/catalogue/courses?subjectId=${subjectId}&classType=one_on_one`)
    ).items;
    expect(oneOnOne.map((c: { id: number }) => c.id)).toEqual([solo.id]);
    expect((await call('GET', '/catalogue/courses?status=gone')).statusCode).toBe(400);
  });

  it('orders topics per level and refuses a stale order', async () => {
    const { level } = await catalogue();
    const ids: number[] = [];
    for (const [en, zh] of [
      ['Lines', '线条'],
      ['Shapes', '形状'],
      ['Colours', '颜色'],
    ]) {
      ids.push(
        (await ok('POST', `/catalogue/levels/${level.id}/topics`, { titleEn: en, titleZh: zh })).id,
      );
    }
    const reordered = await ok('POST', `/catalogue/levels/${level.id}/topics/order`, {
      topicIds: [ids[2], ids[0], ids[1]],
    });
    expect(reordered.items.map((topic: { titleEn: string }) => topic.titleEn)).toEqual([
      'Colours',
      'Lines',
      'Shapes',
    ]);
    const stale = await call('POST', `/catalogue/levels/${level.id}/topics/order`, {
      topicIds: [ids[0], ids[1]],
    });
    expect(stale.statusCode).toBe(400);
    const listed = await ok('GET', `/catalogue/levels/${level.id}/topics`);
    expect(listed.items.map((topic: { position: number }) => topic.position)).toEqual([1, 2, 3]);
    expect(listed.items[0].titleEn).toBe('Colours');
    expect(await auditOf('catalogue.updated', 'level', level.id)).toHaveLength(1);
  });

  it('keeps the schedule of a course with children enrolled, saying why', async () => {
    const { course, level } = await catalogue();
    const parent = await createParent(t.ctx);
    const child = await createChild(t.ctx, parent.id);
    await t.ctx.db.insert(enrollments).values({
      enrollment_sn: newPublicId('E'),
      parent_id: parent.id,
      student_id: child.id,
      course_id: course.id,
      starts_at: t.clock.now(),
    });
    const before = await snapshot();
    const moved = await call(
      'POST',
      `/catalogue/courses/${course.id}`,
      courseBody(level.id, { slots: [{ weekday: 2, time: '18:00' }] }),
      'admin',
      'zh_CN',
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().msg).toMatch(/^本课程已有孩子报名/);
    expect(await snapshot()).toEqual(before);
    const cheaper = await ok(
      'POST',
      `/catalogue/courses/${course.id}`,
      courseBody(level.id, { creditsPerLesson: 2 }),
    );
    expect(cheaper).toMatchObject({ creditsPerLesson: 2, enrolled: 1 });
  });
});

describe('bad input and unknown ids change nothing', () => {
  it.each([
    ['/catalogue/subjects', { ...subjectBody, titleZh: '  ' }, 'Enter the Chinese title.'],
    [
      '/catalogue/subjects',
      { ...subjectBody, img: '/etc/passwd' },
      'Choose one of the subject pictures.',
    ],
    [
      '/catalogue/subjects',
      { ...subjectBody, sort: -1 },
      'The order must be a whole number from 0 to 999.',
    ],
    ['/catalogue/subjects', { ...subjectBody, extra: 1 }, undefined],
    [
      '/catalogue/level-groups',
      { subjectId: 999_999, titleEn: 'G', titleZh: '组', sort: 0 },
      'There is no such subject.',
    ],
  ])('POST %s %j', async (url, payload, message) => {
    const before = await snapshot();
    const response = await call('POST', url, payload);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().msg).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad levels and courses with translated messages', async () => {
    const { subjectId, groupId, level } = await catalogue();
    const other = await catalogue();
    const levelBody = {
      subjectId,
      levelGroupId: groupId,
      titleEn: 'L',
      titleZh: '级',
      ageFrom: 8,
      ageTo: 6,
      descriptionEn: '',
      descriptionZh: '',
      sort: 0,
    };
    const before = await snapshot();
    const cases: [string, object, string, string][] = [
      [
        '/catalogue/levels',
        levelBody,
        'The oldest age cannot be below the youngest.',
        '最大年龄不能小于最小年龄。',
      ],
      [
        '/catalogue/levels',
        { ...levelBody, ageTo: 9, levelGroupId: other.groupId },
        'Choose a level group of this subject.',
        '请选择本科目的级别组。',
      ],
      [
        '/catalogue/courses',
        courseBody(level.id, {
          slots: [
            { weekday: 1, time: '18:00' },
            { weekday: 1, time: '18:15' },
          ],
        }),
        'Two weekly times overlap: each lesson must end before the next begins.',
        '有两个每周上课时间重叠：每节课须在下一节开始前结束。',
      ],
      [
        '/catalogue/courses',
        courseBody(level.id, { timeZone: 'Moon/Base' }),
        'Choose a time zone such as Asia/Shanghai or America/New_York.',
        '请选择时区，例如 Asia/Shanghai 或 America/New_York。',
      ],
      [
        '/catalogue/courses',
        courseBody(level.id, { slots: [{ weekday: 1, time: '6pm' }] }),
        'Enter the time as HH:mm, for example 18:30.',
        '请按 HH:mm 格式填写时间，例如 18:30。',
      ],
      [
        '/catalogue/courses',
        courseBody(level.id, { teacherId: 999_999 }),
        'There is no such teacher.',
        '没有这位老师。',
      ],
      [
        `/catalogue/courses/${other.course.id}`,
        courseBody(level.id, { classType: 'one_on_one', capacity: 3 }),
        'A one-on-one course takes exactly 1 child.',
        '一对一课程只能容纳 1 名孩子。',
      ],
    ];
    for (const [url, payload, en, zh] of cases) {
      const english = await call('POST', url, payload);
      expect(english.statusCode, url).toBe(400);
      expect(english.json().msg).toBe(en);
      const chinese = await call('POST', url, payload, 'admin', 'zh_CN');
      expect(chinese.json().msg).toBe(zh);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['POST', '/catalogue/subjects/999999', subjectBody],
    ['POST', '/catalogue/level-groups/999999', { titleEn: 'G', titleZh: '组', sort: 0 }],
    ['GET', '/catalogue/levels/999999/topics', undefined],
    ['POST', '/catalogue/levels/999999/topics', { titleEn: 'T', titleZh: '题' }],
    ['POST', '/catalogue/levels/999999/topics/order', { topicIds: [1] }],
    ['POST', '/catalogue/topics/999999', { titleEn: 'T', titleZh: '题' }],
    ['GET', '/catalogue/courses/999999', undefined],
    ['POST', '/catalogue/courses/999999/retire', undefined],
  ] as const)('%s %s is 404', async (method, url, payload) => {
    const before = await snapshot();
    const response = await call(method, url, payload);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, data: null });
    expect(await snapshot()).toEqual(before);
  });

  // An id that cannot be one fails the route's schema (400) with "not found", as on families.
  it.each([
    ['GET', '/catalogue/courses/abc', undefined],
    [
      'POST',
      '/catalogue/agreements/cookies',
      { titleEn: 'a', htmlEn: 'b', titleZh: 'c', htmlZh: 'd' },
    ],
  ] as const)('%s %s is refused as not found', async (method, url, payload) => {
    const before = await snapshot();
    const response = await call(method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ msg: 'Not found.', data: null });
    expect(await snapshot()).toEqual(before);
  });
});

describe('agreements', () => {
  it('lists the three documents in both languages', async () => {
    const { items } = await ok('GET', '/catalogue/agreements');
    expect(items.map((doc: { kind: string }) => doc.kind)).toEqual([
      'service',
      'privacy',
      'contract',
    ]);
    expect(items[1]).toMatchObject({ titleEn: 'Privacy Policy', titleZh: '隐私政策' });
  });

  it('saves a long document (over the usual 64 KB body), sanitised, audited, read at once', async () => {
    const paragraph = `<p>${'Lessons are booked weekly. '.repeat(40)}</p>`;
    const htmlEn = `<h2>Contract</h2>${paragraph.repeat(70)}<script>steal()</script>`;
    expect(htmlEn.length).toBeGreaterThan(70_000);
    const saved = await ok('POST', '/catalogue/agreements/contract', {
      titleEn: 'Purchase Contract 2027',
      htmlEn,
      titleZh: '购买合同 2027',
      htmlZh: '<h2>合同</h2><p>每周预约课程。</p>',
    });
    expect(saved.htmlEn).not.toContain('<script>');
    const parents = await t.app.inject({
      url: '/api/getAgreement?type=4',
      headers: { lang: 'zh_CN' },
    });
    expect(parents.json().data).toMatchObject({
      title: '购买合同 2027',
      content: '<h2>合同</h2><p>每周预约课程。</p>',
    });
    const [entry] = await auditOf('agreement.updated', 'agreement', 'contract');
    expect(entry).toMatchObject({ staff_id: STAFF_IDS.admin, after: { titleZh: '购买合同 2027' } });
  });

  it('refuses a text with nothing left once cleaned, and a body past its limit', async () => {
    const before = await snapshot();
    const empty = await call('POST', '/catalogue/agreements/privacy', {
      titleEn: 'Privacy',
      htmlEn: '<script>alert(1)</script>',
      titleZh: '隐私',
      htmlZh: '<p>好</p>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(
      'Nothing is left of the English text once scripts and unsupported tags are removed.',
    );
    const huge = await call('POST', '/catalogue/agreements/privacy', {
      titleEn: 'Privacy',
      htmlEn: `<p>${'x'.repeat(600_000)}</p>`,
      titleZh: '隐私',
      htmlZh: '<p>好</p>',
    });
    expect(huge.statusCode).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});
