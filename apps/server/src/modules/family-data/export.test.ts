import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, lessonComments, lessons, orders } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import {
  createChild,
  createCourse,
  createEnrollment,
  createMembership,
  grantCredits,
} from '../../../test/factories/lessons';
import { createSignedInParent } from '../../../test/factories/parents';
import { createTeacher } from '../../../test/factories/teachers';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { recordMessage } from '../messages/messages.service';
import { findOutboxMessagesTo } from '../outbox/outbox.service';
import { EXPORT_FILES } from './export-readme';
import { buildExportArchive, requestDataExport, runDataExports } from './export.service';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'data-export-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** The ZIP's entries as text (`unzip`, the Info-ZIP tool: an independent reader of the file). */
function unzipAll(zip: Buffer): Record<string, string> {
  const file = path.join(dir, `${newPublicId('Z')}.zip`);
  writeFileSync(file, zip);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  return Object.fromEntries(
    names.map((name) => [
      name,
      name.endsWith('.pdf') ? '' : execFileSync('unzip', ['-p', file, name], { encoding: 'utf8' }),
    ]),
  );
}

/** A family with one of everything, marked with `tag` so another family's export can be searched. */
async function createFamily(tag: string, language: 'en' | 'zh_CN' = 'en') {
  const signedIn = await createSignedInParent(t.ctx, {
    email: `${tag.toLowerCase()}@example.com`,
    name: `Parent${tag}`,
    language,
    time_zone: 'Asia/Shanghai',
  });
  const parentId = signedIn.parent.id;
  const child = await createChild(t.ctx, parentId, `Kid${tag}`);
  await grantCredits(t.ctx, parentId, { paid: 20 });
  const teacher = await createTeacher(t.ctx, { name: `Teacher${tag}` });
  const course = await createCourse(t.ctx, { slots: [[5, '08:10']], teacherId: teacher.id });
  await createEnrollment(t.ctx, { parentId, studentId: child.id, courseId: course.id, weeks: 2 });
  const [lesson] = await t.ctx.db
    .select()
    .from(lessons)
    .where(eq(lessons.parent_id, parentId))
    .orderBy(lessons.starts_at)
    .limit(1);
  await t.ctx.db
    .update(lessons)
    .set({ entered_at: lesson!.starts_at, teacher_note: `Note${tag}` })
    .where(eq(lessons.id, lesson!.id));
  await t.ctx.db.insert(lessonComments).values({
    comment_sn: newPublicId('C'),
    lesson_id: lesson!.id,
    parent_id: parentId,
    rating_halves: 9,
    comment: `Comment${tag}`,
  });
  await t.ctx.db.insert(orders).values({
    order_no: `ORD${tag}${Date.now()}`,
    parent_id: parentId,
    kind: 'package',
    item_id: 1,
    title_en: `Package${tag}`,
    title_zh: `课时包${tag}`,
    quantity: 20,
    amount_minor: 19_900,
    currency: 'USD',
    status: 'paid',
    provider: 'local',
    paid_at: t.clock.now(),
  });
  await createMembership(t.ctx, parentId, 1);
  await recordMessage(t.ctx.db, {
    parentId,
    channel: 'sms',
    recipientMasked: `+86 139****${tag}`,
    kind: 'sign-in-code',
    status: 'sent',
    provider: 'local',
  });
  return { ...signedIn, child, teacher, tag };
}

async function latestLinkTo(email: string): Promise<string> {
  const [mail] = await findOutboxMessagesTo(t.ctx, email, 1);
  const link = /https?:\/\/\S+\/api\/dataExport\/download\?token=\S+/.exec(mail?.body ?? '')?.[0];
  expect(link).toBeTruthy();
  return link!;
}

const pathOf = (link: string) => link.slice(link.indexOf('/api/'));

describe('the export archive (issue #25)', () => {
  it("holds every kind of the parent's data and nothing of another parent or of staff", async () => {
    const anna = await createFamily('Anna');
    const bert = await createFamily('Bert');
    const files = unzipAll(
      await buildExportArchive(t.ctx, anna.parent.id, 'en', t.clock.now(), null),
    );
    expect(Object.keys(files).sort()).toEqual(['README.txt', ...EXPORT_FILES].sort());
    for (const file of EXPORT_FILES) expect(() => JSON.parse(files[file]!)).not.toThrow();

    const json = (file: string) => JSON.parse(files[file]!) as unknown;
    expect(json('profile.json')).toMatchObject({
      name: 'ParentAnna',
      email: 'anna@example.com',
      mobile: anna.parent.mobile,
    });
    expect(json('children.json')).toMatchObject([
      { nickname: 'KidAnna', birth_date: '2018-05-14' },
    ]);
    expect(json('enrolments.json')).toHaveLength(1);
    const lessonRows = json('lessons.json') as Record<string, unknown>[];
    expect(lessonRows.length).toBeGreaterThanOrEqual(2);
    expect(lessonRows[0]).toMatchObject({
      teacher_name_en: 'TeacherAnna',
      teacher_note: 'NoteAnna',
    });
    expect(json('feedback.json')).toMatchObject([{ rating: 4.5, comment: 'CommentAnna' }]);
    expect((json('credit-ledger.json') as unknown[]).length).toBeGreaterThanOrEqual(1);
    expect(json('orders-and-charges.json')).toMatchObject({
      orders: [{ title_en: 'PackageAnna', amount_minor: 19_900 }],
      refunds: [],
      plan_renewals: [],
    });
    expect(json('memberships.json')).toMatchObject([{ title_en: 'Monthly pass', kids: 1 }]);
    expect((json('sessions.json') as { sessions: unknown[] }).sessions).toHaveLength(1);
    expect(json('messages.json')).toMatchObject([{ recipient_masked: '+86 139****Anna' }]);
    expect(files['README.txt']).toContain('lessons.json');

    const everything = Object.values(files).join('\n');
    for (const marker of [
      'Bert',
      bert.parent.mobile,
      bert.parent.user_sn,
      bert.child.student_sn,
      '@staff.test', // the teacher's staff account
      bert.teacher.teacher_sn,
    ])
      expect(everything).not.toContain(marker);
    // No secret travels: hashes, room keys, idempotency keys, staff ids.
    for (const field of [
      'password_hash',
      'token_hash',
      'room_key',
      'idempotency_key',
      'attendance_by',
      'staff_id',
      'adviser_id',
    ])
      expect(everything).not.toContain(field);
  });

  it("writes the README in the parent's language and adds a statement per month with activity", async () => {
    const chen = await createFamily('Chen', 'zh_CN');
    const months: string[] = [];
    const files = unzipAll(
      await buildExportArchive(
        t.ctx,
        chen.parent.id,
        'zh_CN',
        t.clock.now(),
        (_ctx, _id, month) => {
          months.push(month);
          return Promise.resolve(Buffer.from('%PDF-1.4 fake'));
        },
      ),
    );
    expect(files['README.txt']).toContain('您的数据');
    expect(files['README.txt']).toContain('statements/YYYY-MM.pdf');
    expect(months.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(months.map((month) => `statements/${month}.pdf`)),
    );
  });
});

describe('the export job and its link (issue #25)', () => {
  it('builds a queued export once when two instances run the job at once', async () => {
    const dora = await createFamily('Dora');
    await requestDataExport(t.ctx, dora.parent.id, 'en');
    const now = t.clock.now();
    const built = await Promise.all([
      runDataExports(t.ctx, now, { statements: null }),
      runDataExports(t.ctx, now, { statements: null }),
    ]);
    expect(built[0] + built[1]).toBe(1);
    const rows = await t.ctx.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.parent_id, dora.parent.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'ready', attempts: 1 });
    expect(rows[0]!.expires_at!.getTime() - now.getTime()).toBe(7 * 86_400_000);
    const mails = await findOutboxMessagesTo(t.ctx, 'dora@example.com', 10);
    expect(mails.filter((mail) => mail.body.includes('dataExport/download'))).toHaveLength(1);
    // The link travels only in the e-mail: the row keeps its hash.
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(mails[0]!.body).not.toContain(rows[0]!.token_hash);
  });

  it('a second request while one is queued answers the same one', async () => {
    const emil = await createFamily('Emil');
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/dataExport', headers: emil.headers }),
      t.app.inject({ method: 'POST', url: '/api/dataExport', headers: emil.headers }),
    ]);
    expect(first.json()).toMatchObject({ code: 200, data: { status: 'queued' } });
    expect(second.json().data).toEqual(first.json().data);
    const rows = await t.ctx.db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(eq(dataExports.parent_id, emil.parent.id));
    expect(rows).toHaveLength(1);
  });

  it('through the routes: ask, build, e-mail, download once (410 afterwards), statements included', async () => {
    const fern = await createFamily('Fern', 'zh_CN');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/dataExport',
      headers: { ...fern.headers, lang: 'zh_CN' },
    });
    expect(asked.json()).toMatchObject({
      code: 200,
      msg: '正在整理您的数据，准备好后我们会通过电子邮件发送下载链接。',
      data: { status: 'queued', ready_at: null },
    });
    // Another family sees nothing of it.
    const other = await createSignedInParent(t.ctx, { email: 'other-fern@example.com' });
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/dataExport',
      headers: other.headers,
    });
    expect(theirs.json()).toMatchObject({ code: 200, data: null });

    await runDataExports(t.ctx, t.clock.now()); // the real statements (lessons' renderStatementPdf)
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/dataExport',
      headers: fern.headers,
    });
    expect(status.json().data).toMatchObject({ status: 'ready', downloaded_at: null });
    const [mail] = await findOutboxMessagesTo(t.ctx, 'fern@example.com', 1);
    expect(mail!.subject).toBe('您的数据已可下载');

    const link = await latestLinkTo('fern@example.com');
    // The link needs no session: it is opened from the mail client.
    const download = await t.app.inject({ method: 'GET', url: pathOf(link) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipAll(download.rawPayload);
    expect(files['README.txt']).toContain('您的数据');
    expect(Object.keys(files).some((name) => /^statements\/\d{4}-\d{2}\.pdf$/.test(name))).toBe(
      true,
    );

    const again = await t.app.inject({ method: 'GET', url: pathOf(link), headers: { lang: 'en' } });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      code: 410,
      msg: 'This download link has been used or has expired. Please ask for a new export from your profile.',
      data: null,
    });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/dataExport',
      headers: fern.headers,
    });
    expect(after.json().data).toMatchObject({ status: 'downloaded' });
    const [row] = await t.ctx.db
      .select({ file: dataExports.file })
      .from(dataExports)
      .where(eq(dataExports.parent_id, fern.parent.id));
    expect(row!.file).toBeNull();
    // Nothing of the token in the log.
    expect(t.logText()).not.toContain(new URL(link).searchParams.get('token'));
  });

  it('two parallel uses of a link: one gets the file, the other 410', async () => {
    const gina = await createFamily('Gina');
    await requestDataExport(t.ctx, gina.parent.id, 'en');
    await runDataExports(t.ctx, t.clock.now(), { statements: null });
    const link = await latestLinkTo('gina@example.com');
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: pathOf(link) }),
      t.app.inject({ method: 'GET', url: pathOf(link) }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('a link expires after 7 days: 410, and the job drops the file', async () => {
    const hugo = await createFamily('Hugo');
    await requestDataExport(t.ctx, hugo.parent.id, 'en');
    await runDataExports(t.ctx, t.clock.now(), { statements: null });
    const link = await latestLinkTo('hugo@example.com');
    const saved = t.clock.now();
    try {
      t.clock.advance(7 * 86_400_000);
      const late = await t.app.inject({
        method: 'GET',
        url: pathOf(link),
        headers: { lang: 'zh_CN' },
      });
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({
        code: 410,
        msg: '该下载链接已使用或已过期，请在个人资料中重新申请导出。',
      });
      await runDataExports(t.ctx, t.clock.now(), { statements: null });
      const [row] = await t.ctx.db
        .select()
        .from(dataExports)
        .where(eq(dataExports.parent_id, hugo.parent.id));
      expect(row).toMatchObject({ status: 'expired', file: null });
      // A new request after expiry starts a new export.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/dataExport',
        headers: hugo.headers,
      });
      expect(again.json().data).toMatchObject({ status: 'queued' });
    } finally {
      t.clock.set(saved);
    }
  });

  it('refuses without an e-mail address, an unknown token, and asking while signed out', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    for (const [lang, msg] of [
      ['en', 'Please save an e-mail address first: the download link is sent there.'],
      ['zh_CN', '请先保存电子邮箱：下载链接将发送到该邮箱。'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dataExport',
        headers: { ...headers, lang },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg });
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/dataExport/download?token=nope',
    });
    expect(unknown.statusCode).toBe(410);
    const missing = await t.app.inject({ method: 'GET', url: '/api/dataExport/download' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 400 });
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/dataExport' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('a failing build is retried, then marked failed', async () => {
    const ida = await createFamily('Ida');
    await requestDataExport(t.ctx, ida.parent.id, 'en');
    const broken = () => Promise.reject(new Error('renderer down'));
    for (let attempt = 1; attempt <= 3; attempt += 1)
      expect(await runDataExports(t.ctx, t.clock.now(), { statements: broken })).toBe(0);
    const [row] = await t.ctx.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.parent_id, ida.parent.id));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'renderer down',
      file: null,
    });
  });
});
