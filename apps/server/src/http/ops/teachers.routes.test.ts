import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEACHER_PHOTO_MAX_BYTES, type StaffRole } from '@portal/shared/staff';
import { rowsOf } from '../../db/client';
import {
  enrollments,
  lessonComments,
  lessons,
  staff,
  subjects,
  teachers,
  teacherTimeOff,
} from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { createChild, createCourse } from '../../../test/factories/lessons';
import { createParent } from '../../../test/factories/parents';
import { createTeacher } from '../../../test/factories/teachers';
import type { TestApp } from '../../../test/helpers/app';
import { buildOpsTestApp, STAFF_IDS, staffHeaders } from '../../../test/helpers/ops';
import { teachersRoutes } from './teachers.routes';

const NOW = '2026-11-20T08:00:00.000Z';

let t: TestApp;
let subjectId: number;
beforeAll(async () => {
  t = await buildOpsTestApp({ routes: [teachersRoutes] });
  t.clock.set(NOW);
  const [subject] = await t.ctx.db
    .insert(subjects)
    .values({ title_en: 'Reading', title_zh: '阅读' })
    .returning();
  subjectId = subject!.id;
});
afterAll(() => t.close());

const get = (url: string, role: StaffRole | null = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: role ? staffHeaders(role) : {} });
const post = (
  url: string,
  payload: object = {},
  role: StaffRole | null = 'admin',
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(role ? staffHeaders(role) : {}), ...headers },
  });
const upload = (sn: string, bytes: Buffer, contentType = 'application/octet-stream') =>
  t.app.inject({
    method: 'POST',
    url: `/api/ops/teachers/${sn}/photo`,
    payload: bytes,
    headers: { ...staffHeaders('admin'), 'content-type': contentType },
  });

async function auditOf(targetId: string) {
  return rowsOf<{
    action: string;
    staff_id: number;
    target_type: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    await t.ctx.db.execute(sql`select * from audit_log where target_id = ${targetId} order by id`),
  );
}

let serial = 0;
/** A staff member with the teacher role and no profile yet. */
async function teacherMember(role: StaffRole = 'teacher') {
  serial += 1;
  const [member] = await t.ctx.db
    .insert(staff)
    .values({
      email: `member${serial}@staff.test`,
      name: `Member ${serial}`,
      role,
      status: 'active',
    })
    .returning();
  return member!.id;
}

const profile = (staffId: number) => ({
  staffId,
  nameEn: 'Ms Li',
  nameZh: '李老师',
  photo: 'preset:3',
  subjectIds: [subjectId],
  timeZone: 'Asia/Shanghai',
  availability: [{ weekday: 1, start: '09:00', end: '12:00' }],
});

// A 1×1 PNG; a JPEG and a WebP by their signatures; a GIF (refused).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32)]);

describe('who may manage teachers', () => {
  it('admins list, read and write; advisers and teachers are refused (403)', async () => {
    expect((await get('/api/ops/teachers')).statusCode).toBe(200);
    for (const role of ['adviser', 'teacher'] as const) {
      expect((await get('/api/ops/teachers', role)).statusCode).toBe(403);
      expect((await get('/api/ops/teacher-presets', role)).statusCode).toBe(403);
      const created = await post('/api/ops/teachers', profile(STAFF_IDS.teacher), role);
      expect(created.statusCode).toBe(403);
    }
    expect((await get('/api/ops/teachers', null)).statusCode).toBe(401);
  });
});

describe('profiles', () => {
  it('creates a profile for a teacher member, audited, and refuses a second one', async () => {
    const staffId = await teacherMember();
    const response = await post('/api/ops/teachers', profile(staffId));
    expect(response.statusCode).toBe(200);
    const created = response.json().data;
    expect(created).toMatchObject({
      staffId,
      nameEn: 'Ms Li',
      nameZh: '李老师',
      photo: 'preset:3',
      photoUrl: '/img/teachers/teacher-3.svg',
      subjectIds: [subjectId],
      timeZone: 'Asia/Shanghai',
      status: 'active',
      email: `member${serial}@staff.test`,
    });
    expect(created.teacherSn).toMatch(/^T/);
    const [entry] = await auditOf(created.teacherSn);
    expect(entry).toMatchObject({
      action: 'teacher.created',
      staff_id: STAFF_IDS.admin,
      target_type: 'teacher',
      after: { staffId, nameEn: 'Ms Li', photo: 'preset:3' },
    });

    const again = await post('/api/ops/teachers', profile(staffId));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This staff member already has a teacher profile.');

    const detail = await get(`/api/ops/teachers/${created.teacherSn}`);
    expect(detail.json().data).toMatchObject({
      availability: [{ weekday: 1, start: '09:00', end: '12:00' }],
      timeOff: [],
    });
    const list = (await get('/api/ops/teachers')).json().data.teachers;
    expect(list.map((row: { teacherSn: string }) => row.teacherSn)).toContain(created.teacherSn);
  });

  it('parallel creations for one member give one profile', async () => {
    const staffId = await teacherMember();
    const answers = await Promise.all(
      [1, 2, 3].map(() => post('/api/ops/teachers', profile(staffId))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.ctx.db
      .select()
      .from(teachers)
      .where(sql`staff_id = ${staffId}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['an adviser', async () => STAFF_IDS.adviser, 400, 'teachersStaffNotTeacher'],
    ['an unknown member', async () => 99_999, 400, 'teachersStaffUnknown'],
  ])('refuses a profile for %s', async (_name, staffIdOf, status, key) => {
    const response = await post('/api/ops/teachers', profile(await staffIdOf()));
    expect(response.statusCode).toBe(status);
    expect(response.json().msg).toBe(
      {
        teachersStaffNotTeacher:
          'Only a staff member with the teacher role can have a teacher profile.',
        teachersStaffUnknown: 'There is no such staff member.',
      }[key],
    );
  });

  it.each([
    [{ subjectIds: [987_654] }, 'Choose subjects from the list.'],
    [{ timeZone: 'Mars/Olympus' }, 'Choose a time zone from the list.'],
    [{ photo: 'upload:1' }, 'Choose one of the photos.'],
    [{ nameEn: '   ' }, 'Enter the teacher’s name.'],
    [
      { availability: [{ weekday: 1, start: '12:00', end: '09:00' }] },
      'Each available time needs a weekday and a start before its end (HH:mm).',
    ],
    [
      {
        availability: [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '11:00', end: '13:00' },
        ],
      },
      'Two available times on the same day overlap.',
    ],
  ])('refuses bad input %j and creates nothing', async (change, message) => {
    const staffId = await teacherMember();
    const response = await post('/api/ops/teachers', { ...profile(staffId), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(message);
    expect(
      await t.ctx.db
        .select()
        .from(teachers)
        .where(sql`staff_id = ${staffId}`),
    ).toEqual([]);
  });

  it('answers in Chinese when asked', async () => {
    const response = await post('/api/ops/teachers', profile(STAFF_IDS.adviser), 'admin', {
      lang: 'zh_CN',
    });
    expect(response.json().msg).toBe('只有角色为老师的员工才能拥有老师资料。');
  });

  it('changes only the fields given, audits the changed ones, and refuses bad input', async () => {
    const teacher = await createTeacher(t.ctx, { name: 'Mr Wang' });
    const url = `/api/ops/teachers/${teacher.teacher_sn}`;
    const response = await post(url, { nameZh: '王老师', timeZone: 'Europe/London' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      nameEn: 'Mr Wang',
      nameZh: '王老师',
      timeZone: 'Europe/London',
    });
    const entries = (await auditOf(teacher.teacher_sn)).filter(
      (row) => row.action === 'teacher.updated',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toEqual({ nameZh: teacher.name_zh, timeZone: 'UTC' });
    expect(entries[0]!.after).toEqual({ nameZh: '王老师', timeZone: 'Europe/London' });

    const refused = await post(url, { nameEn: '', timeZone: 'Asia/Tokyo' });
    expect(refused.statusCode).toBe(400);
    expect((await post(url, {})).json().msg).toBe('Change at least one field.');
    expect((await get(url)).json().data).toMatchObject({
      nameEn: 'Mr Wang',
      timeZone: 'Europe/London',
    });
  });

  it('answers 404 for an unknown teacher', async () => {
    expect((await get('/api/ops/teachers/TNOPE')).statusCode).toBe(404);
    expect((await post('/api/ops/teachers/TNOPE', { nameEn: 'X' })).statusCode).toBe(404);
    expect((await upload('TNOPE', PNG)).statusCode).toBe(404);
    expect((await get('/api/ops/teachers/TNOPE/figures')).statusCode).toBe(404);
  });

  it('lists the fixed photo set', async () => {
    const { photos } = (await get('/api/ops/teacher-presets')).json().data;
    expect(photos).toHaveLength(6);
    expect(photos[0]).toEqual({ key: 'preset:1', url: '/img/teachers/teacher-1.svg' });
    expect(photos[5]).toEqual({ key: 'preset:6', url: '/img/teachers/teacher-6.svg' });
  });
});

describe('photo uploads', () => {
  it('stores a PNG sent raw and serves it publicly from the database', async () => {
    const teacher = await createTeacher(t.ctx);
    const response = await upload(teacher.teacher_sn, PNG, 'image/png');
    expect(response.statusCode).toBe(200);
    const { photoUrl } = response.json().data;
    expect(photoUrl).toMatch(/^\/api\/teacher-photos\/\d+$/);

    const served = await t.app.inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^public, max-age=\d{7,}, immutable$/);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const detail = (await get(`/api/ops/teachers/${teacher.teacher_sn}`)).json().data;
    expect(detail.photo).toBe(`upload:${photoUrl.split('/').pop()}`);
    expect(detail.photoUrl).toBe(photoUrl);
    const entry = (await auditOf(teacher.teacher_sn)).find(
      (row) => row.action === 'teacher.photo-uploaded',
    );
    expect(entry).toMatchObject({
      before: { photo: 'preset:1' },
      after: { photo: detail.photo },
    });
  });

  it('takes a multipart form too, with the type from the bytes, and drops the earlier upload', async () => {
    const teacher = await createTeacher(t.ctx);
    const first = (await upload(teacher.teacher_sn, PNG)).json().data.photoUrl;
    const boundary = '----portal-test-boundary';
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\n` +
          // The declared type is wrong on purpose: the bytes decide.
          'Content-Type: image/png\r\n\r\n',
      ),
      JPEG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await upload(
      teacher.teacher_sn,
      form,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: response.json().data.photoUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it.each([
    [
      'a GIF',
      () => GIF,
      'application/octet-stream',
      'The picture must be a PNG, JPEG or WebP image.',
    ],
    [
      'HTML sent as a PNG',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      'image/png',
      'The picture must be a PNG, JPEG or WebP image.',
    ],
    [
      'a picture over 1 MB',
      () => Buffer.concat([PNG, Buffer.alloc(TEACHER_PHOTO_MAX_BYTES + 1 - PNG.length)]),
      'image/png',
      'The picture can be at most 1 MB.',
    ],
    [
      'a form over 1 MB',
      () =>
        Buffer.concat([
          Buffer.from('--b\r\nContent-Disposition: form-data; name="p"; filename="a.png"\r\n\r\n'),
          Buffer.alloc(TEACHER_PHOTO_MAX_BYTES + 20 * 1024),
          Buffer.from('\r\n--b--\r\n'),
        ]),
      'multipart/form-data; boundary=b',
      'The picture can be at most 1 MB.',
    ],
    ['nothing', () => Buffer.alloc(0), 'application/octet-stream', 'Choose a picture to upload.'],
    [
      'a form without a file',
      () => Buffer.from('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n'),
      'multipart/form-data; boundary=b',
      'Choose a picture to upload.',
    ],
  ])('refuses %s with a translated 400 and keeps the photo', async (_name, bytes, type, msg) => {
    const teacher = await createTeacher(t.ctx);
    const response = await upload(teacher.teacher_sn, bytes(), type);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
    const [row] = await t.ctx.db
      .select()
      .from(teachers)
      .where(sql`id = ${teacher.id}`);
    expect(row!.photo).toBe('preset:1');
    const photos = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from teacher_photos where teacher_id = ${teacher.id}`,
      ),
    );
    expect(photos[0]!.n).toBe(0);
  });

  it('the public route answers 404 for an unknown id and 400 for junk', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/teacher-photos/999999' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/teacher-photos/..%2F..%2Fetc' })).statusCode,
    ).toBe(400);
  });
});

describe('time off', () => {
  it('adds ranges, refuses overlaps and bad ranges, removes them; all audited', async () => {
    const teacher = await createTeacher(t.ctx);
    const base = `/api/ops/teachers/${teacher.teacher_sn}/time-off`;
    const added = await post(base, {
      startsOn: '2027-02-01',
      endsOn: '2027-02-21',
      note: 'Holiday',
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().data.id;
    expect(added.json().data).toEqual({
      id,
      startsOn: '2027-02-01',
      endsOn: '2027-02-21',
      note: 'Holiday',
    });
    const [entry] = await auditOf(String(id));
    expect(entry).toMatchObject({
      action: 'teacher.time-off-added',
      target_type: 'time-off',
      after: { teacherSn: teacher.teacher_sn, startsOn: '2027-02-01', endsOn: '2027-02-21' },
    });

    const refusals: [object, number, string][] = [
      [{ startsOn: '2027-02-21', endsOn: '2027-02-25' }, 409, 'teachersTimeOffOverlap'],
      [{ startsOn: '2027-03-05', endsOn: '2027-03-01' }, 400, 'teachersTimeOffRangeInvalid'],
      [{ startsOn: '2027-03-01', endsOn: '2028-03-01' }, 400, 'teachersTimeOffTooLong'],
      [{ startsOn: '2027-02-30', endsOn: '2027-03-01' }, 400, 'teachersTimeOffDateInvalid'],
    ];
    for (const [body, status] of refusals) {
      expect((await post(base, body)).statusCode, JSON.stringify(body)).toBe(status);
    }
    // 366 days, both ends included, is the most one entry covers.
    expect((await post(base, { startsOn: '2028-01-01', endsOn: '2028-12-31' })).statusCode).toBe(
      200,
    );
    const detail = (await get(`/api/ops/teachers/${teacher.teacher_sn}`)).json().data;
    expect(detail.timeOff.map((row: { startsOn: string }) => row.startsOn)).toEqual([
      '2027-02-01',
      '2028-01-01',
    ]);

    // Another teacher's entry is not found through this teacher.
    const other = await createTeacher(t.ctx);
    expect(
      (await post(`/api/ops/teachers/${other.teacher_sn}/time-off/${id}/delete`)).statusCode,
    ).toBe(404);

    expect((await post(`${base}/${id}/delete`)).statusCode).toBe(200);
    expect((await post(`${base}/${id}/delete`)).statusCode).toBe(404);
    const actions = (await auditOf(String(id))).map((row) => row.action);
    expect(actions).toEqual(['teacher.time-off-added', 'teacher.time-off-removed']);
    expect(
      await t.ctx.db
        .select()
        .from(teacherTimeOff)
        .where(sql`teacher_id = ${teacher.id}`),
    ).toHaveLength(1);
  });
});

describe('figures', () => {
  it('counts classes taught, late starts, cancellations, cover and ratings over a period', async () => {
    const teacher = await createTeacher(t.ctx);
    const other = await createTeacher(t.ctx);
    const course = await createCourse(t.ctx, { slots: [[1, '09:00']], teacherId: teacher.id });
    const parent = await createParent(t.ctx);
    const kids = [
      await createChild(t.ctx, parent.id, 'Ava'),
      await createChild(t.ctx, parent.id, 'Ben'),
    ];
    const [enrollment] = await t.ctx.db
      .insert(enrollments)
      .values({
        enrollment_sn: newPublicId('E'),
        parent_id: parent.id,
        student_id: kids[0]!.id,
        course_id: course.id,
        starts_at: new Date('2026-10-01T00:00:00Z'),
      })
      .returning();
    let number = 0;
    const min = 60_000;
    /** One child's lesson of the class starting at `start` (UTC), with overrides. */
    async function lesson(
      start: string,
      values: Partial<typeof lessons.$inferInsert> = {},
      kid = 0,
    ) {
      number += 1;
      const startsAt = new Date(start);
      const [row] = await t.ctx.db
        .insert(lessons)
        .values({
          lesson_sn: newPublicId('L'),
          enrollment_id: enrollment!.id,
          parent_id: parent.id,
          student_id: kids[kid]!.id,
          course_id: course.id,
          lesson_number: number,
          starts_at: startsAt,
          ends_at: new Date(startsAt.getTime() + 25 * min),
          required_credit: 1,
          room_key: 'k',
          teacher_id: teacher.id,
          ...values,
        })
        .returning();
      return row!;
    }
    const entered = (start: string, minutes: number) => ({
      teacher_entered_at: new Date(new Date(start).getTime() + minutes * min),
    });
    async function rate(lessonId: number, halves: number) {
      await t.ctx.db.insert(lessonComments).values({
        comment_sn: newPublicId('C'),
        lesson_id: lessonId,
        parent_id: parent.id,
        rating_halves: halves,
      });
    }
    const cancelled = (reason: string | null) => ({
      cancelled_at: new Date('2026-11-01T00:00:00Z'),
      cancel_reason: reason,
    });

    // A group class of two, entered 1 minute in: taught, on time; rated 5 and 4 stars.
    const a1 = await lesson('2026-11-02T02:00:00Z', entered('2026-11-02T02:00:00Z', 1), 0);
    const a2 = await lesson('2026-11-02T02:00:00Z', entered('2026-11-02T02:00:00Z', 1), 1);
    await rate(a1.id, 10);
    await rate(a2.id, 8);
    // Entered 5 minutes in: taught, late; rated 3.5.
    const b = await lesson('2026-11-03T02:00:00Z', entered('2026-11-03T02:00:00Z', 5));
    await rate(b.id, 7);
    // Covering for another teacher, on time: taught, cover given.
    await lesson('2026-11-04T02:00:00Z', {
      ...entered('2026-11-04T02:00:00Z', 0),
      substitute_for_id: other.id,
    });
    // Cancelled by the school: the teacher ill; the teacher absent (both children's rows).
    await lesson('2026-11-05T02:00:00Z', cancelled('teacher-ill'));
    await lesson('2026-11-06T02:00:00Z', cancelled('teacher-absent'), 0);
    await lesson('2026-11-06T02:00:00Z', cancelled('teacher-absent'), 1);
    // Not the teacher's doing: the family's request; nor counted: a class never entered (not
    // settled yet), a class every child took leave from, a class still to come.
    await lesson('2026-11-07T02:00:00Z', cancelled('family-request'));
    await lesson('2026-11-08T02:00:00Z');
    await lesson('2026-11-09T02:00:00Z', {
      ...entered('2026-11-09T02:00:00Z', 0),
      leave_at: new Date('2026-11-01T00:00:00Z'),
    });
    await lesson('2026-11-25T02:00:00Z');
    // Outside the period (and its rating with it).
    const early = await lesson('2026-10-20T02:00:00Z', entered('2026-10-20T02:00:00Z', 9));
    await rate(early.id, 2);
    // Another teacher's class in the period.
    await lesson('2026-11-10T02:00:00Z', {
      teacher_id: other.id,
      ...entered('2026-11-10T02:00:00Z', 9),
    });

    const response = await get(
      `/api/ops/teachers/${teacher.teacher_sn}/figures?from=2026-11-01&to=2026-11-30`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      taught: 3,
      lateStarts: 1,
      cancellations: 2,
      coverGiven: 1,
      cancellationsByReason: { 'teacher-ill': 1, 'teacher-absent': 1 },
      // (5 + 4 + 3.5) / 3
      averageRating: 4.17,
      ratings: 3,
    });

    // Without a period: the last 30 school days up to today (2026-11-20 in Shanghai).
    const recent = (await get(`/api/ops/teachers/${teacher.teacher_sn}/figures`)).json().data;
    expect(recent).toMatchObject({ from: '2026-10-22', to: '2026-11-20', taught: 3 });

    const bad = await get(
      `/api/ops/teachers/${teacher.teacher_sn}/figures?from=2026-11-30&to=2026-11-01`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The end date cannot be before the start date.');
  });
});
