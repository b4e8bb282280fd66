import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChild, createCourse } from '../../../test/factories/lessons';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildTestApp, TestClock, type TestApp } from '../../../test/helpers/app';
import { creditLedger, enrollments, lessons, orders, refunds } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { cjkFont } from '../../lib/pdf-fonts';
import { moneyText } from './statement-pdf';
import {
  getMonthlyStatement,
  getStatementMonths,
  openStatementPdf,
  renderStatementPdf,
} from './statement.service';

/**
 * Issue #25: the monthly statement as PDF. October 2026 in Asia/Shanghai (UTC+8) runs from
 * 2026-09-30T16:00Z to 2026-10-31T16:00Z; lessons, purchases and refunds sit on both sides of
 * those instants, and another parent has the same kinds of rows in the same month.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createSignedInParent>>;
let other: Awaited<ReturnType<typeof createSignedInParent>>;
let busy: Awaited<ReturnType<typeof createSignedInParent>>;
/** `STATEMENT_PDF_DIR` keeps the PDFs written here, to look at them (pdftoppm). */
const keep = process.env.STATEMENT_PDF_DIR;
const dir = keep ?? mkdtempSync(join(tmpdir(), 'statement-pdf-'));

let seq = 0;
const key = () => `test:statement:${(seq += 1)}`;

async function enrol(parentId: number, studentId: number, courseId: number) {
  const [row] = await t.ctx.db
    .insert(enrollments)
    .values({
      enrollment_sn: newPublicId('E'),
      parent_id: parentId,
      student_id: studentId,
      course_id: courseId,
      starts_at: new Date('2026-09-01T00:00:00Z'),
    })
    .returning();
  return row!;
}

async function lesson(
  enrollment: { id: number; parent_id: number; student_id: number; course_id: number },
  startsAt: string,
  options: { credit?: number; leave?: boolean; entered?: boolean; consumed?: number } = {},
) {
  const starts = new Date(startsAt);
  const [row] = await t.ctx.db
    .insert(lessons)
    .values({
      lesson_sn: newPublicId('L'),
      enrollment_id: enrollment.id,
      parent_id: enrollment.parent_id,
      student_id: enrollment.student_id,
      course_id: enrollment.course_id,
      lesson_number: (seq += 1),
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 25 * 60_000),
      required_credit: options.credit ?? 1,
      room_key: `room-${seq}`,
      leave_at: options.leave ? new Date(starts.getTime() - 86_400_000) : null,
      entered_at: options.entered ? starts : null,
    })
    .returning();
  if (options.consumed)
    await t.ctx.db.insert(creditLedger).values({
      parent_id: enrollment.parent_id,
      event: 'consume',
      reserved_delta: -options.consumed,
      paid_delta: -options.consumed,
      title_en: 'Lesson',
      title_zh: '上课',
      idempotency_key: `lesson:${row!.id}:consume`,
      created_at: new Date(starts.getTime() + 30 * 60_000),
    });
  return row!;
}

const ledger = (parentId: number, event: string, paid: number, reward: number, at: string) =>
  t.ctx.db.insert(creditLedger).values({
    parent_id: parentId,
    event,
    paid_delta: paid,
    reward_delta: reward,
    title_en: event,
    title_zh: event,
    idempotency_key: key(),
    created_at: new Date(at),
  });

async function order(
  parentId: number,
  orderNo: string,
  paidAt: string,
  values: { quantity: number; extra?: number; amount: number; currency: string; title?: string },
) {
  const [row] = await t.ctx.db
    .insert(orders)
    .values({
      order_no: orderNo,
      parent_id: parentId,
      kind: 'package',
      item_id: 1,
      title_en: values.title ?? `${values.quantity} credits`,
      title_zh: `${values.quantity} 课时包`,
      quantity: values.quantity,
      extra_quantity: values.extra ?? 0,
      amount_minor: values.amount,
      currency: values.currency,
      status: 'paid',
      provider: 'local',
      paid_at: new Date(paidAt),
      created_at: new Date(paidAt),
    })
    .returning();
  return row!;
}

const refund = (
  parentId: number,
  orderId: number,
  refundNo: string,
  values: { amount: number; currency: string; credits: number; status: string; at: string },
) =>
  t.ctx.db.insert(refunds).values({
    refund_no: refundNo,
    order_id: orderId,
    parent_id: parentId,
    amount_minor: values.amount,
    currency: values.currency,
    credits_taken_back: values.credits,
    status: values.status as 'succeeded',
    provider: 'local',
    reason: 'Staff note never shown to the parent',
    idempotency_key: key(),
    requested_at: new Date(values.at),
    confirmed_at: values.status === 'requested' ? null : new Date(values.at),
  });

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date('2026-11-20T08:00:00Z')) });
  owner = await createSignedInParent(t.ctx, { name: '王芳', time_zone: 'Asia/Shanghai' });
  other = await createSignedInParent(t.ctx, { name: 'Other Parent', time_zone: 'Asia/Shanghai' });
  busy = await createSignedInParent(t.ctx, { time_zone: 'Europe/London' });
  const course = await createCourse(t.ctx, { slots: [[1, '09:00']] });
  const group = await createCourse(t.ctx, { slots: [[2, '18:00']], classType: 'small_group' });

  // The owner: two children, lessons inside and just outside October (Shanghai).
  const mia = await createChild(t.ctx, owner.parent.id, 'Mia');
  const ming = await createChild(t.ctx, owner.parent.id, '小明');
  const miaCourse = await enrol(owner.parent.id, mia.id, course.id);
  const mingGroup = await enrol(owner.parent.id, ming.id, group.id);
  await ledger(owner.parent.id, 'purchase', 20, 0, '2026-09-10T02:00:00Z');
  await ledger(owner.parent.id, 'reward', 0, 3, '2026-09-12T02:00:00Z');
  // 2026-10-01 00:30 in Shanghai, still 30 September in UTC.
  await lesson(miaCourse, '2026-09-30T16:30:00Z', { credit: 2, entered: true, consumed: 2 });
  await lesson(miaCourse, '2026-10-08T01:15:00Z', { entered: true, consumed: 1 });
  // 30 September 23:30 and 1 November 00:30 in Shanghai: other months.
  await lesson(miaCourse, '2026-09-30T15:30:00Z', { credit: 7, entered: true });
  await lesson(miaCourse, '2026-10-31T16:30:00Z', { credit: 9 });
  await lesson(mingGroup, '2026-10-15T10:00:00Z', { credit: 3, leave: true });
  await lesson(mingGroup, '2026-10-22T10:00:00Z', { credit: 3, consumed: 3 });
  const september = await order(owner.parent.id, 'OWN-SEP', '2026-09-05T02:00:00Z', {
    quantity: 20,
    amount: 19_900,
    currency: 'USD',
  });
  await order(owner.parent.id, 'OWN-OCT', '2026-10-05T02:00:00Z', {
    quantity: 8,
    extra: 2,
    amount: 9_950,
    currency: 'USD',
    title: 'Ten credits',
  });
  await ledger(owner.parent.id, 'purchase', 8, 0, '2026-10-05T02:00:00Z');
  await ledger(owner.parent.id, 'reward', 0, 2, '2026-10-05T02:00:00Z');
  await refund(owner.parent.id, september.id, 'RF-OWN-1', {
    amount: 4_000,
    currency: 'USD',
    credits: 4,
    status: 'succeeded',
    at: '2026-10-20T03:00:00Z',
  });
  await ledger(owner.parent.id, 'refund', -4, 0, '2026-10-20T03:00:00Z');
  await refund(owner.parent.id, september.id, 'RF-OWN-FAILED', {
    amount: 1_000,
    currency: 'USD',
    credits: 1,
    status: 'failed',
    at: '2026-10-21T03:00:00Z',
  });
  await refund(owner.parent.id, september.id, 'RF-OWN-ASKED', {
    amount: 1_000,
    currency: 'USD',
    credits: 1,
    status: 'requested',
    at: '2026-10-22T03:00:00Z',
  });
  await ledger(owner.parent.id, 'staff_correction', 1, 0, '2026-10-25T03:00:00Z');
  // After the month's end (1 November 01:00 in Shanghai).
  await ledger(owner.parent.id, 'purchase', 50, 0, '2026-10-31T17:00:00Z');

  // The other parent: the same kinds of rows in the same month.
  const zed = await createChild(t.ctx, other.parent.id, 'Zedekiah');
  const zedCourse = await enrol(other.parent.id, zed.id, course.id);
  await ledger(other.parent.id, 'purchase', 77, 0, '2026-09-10T02:00:00Z');
  await lesson(zedCourse, '2026-10-09T01:15:00Z', { credit: 5, entered: true, consumed: 5 });
  // A second child of the same nickname: a section of its own.
  const twin = await createChild(t.ctx, other.parent.id, 'Zedekiah');
  await lesson(await enrol(other.parent.id, twin.id, course.id), '2026-10-02T01:15:00Z');
  const theirs = await order(other.parent.id, 'OTHER-OCT', '2026-10-06T02:00:00Z', {
    quantity: 33,
    amount: 77_777,
    currency: 'CNY',
  });
  await refund(other.parent.id, theirs.id, 'RF-OTHER-1', {
    amount: 12_345,
    currency: 'CNY',
    credits: 6,
    status: 'succeeded',
    at: '2026-10-21T03:00:00Z',
  });

  // A busy month: 100 lessons of one child in October 2026 (London).
  const kid = await createChild(t.ctx, busy.parent.id, 'Busy');
  const busyCourse = await enrol(busy.parent.id, kid.id, course.id);
  await ledger(busy.parent.id, 'purchase', 200, 0, '2026-09-01T00:00:00Z');
  for (let index = 0; index < 100; index += 1)
    await lesson(
      busyCourse,
      new Date(Date.parse('2026-10-01T06:00:00Z') + index * 7 * 3_600_000).toISOString(),
      { entered: true, consumed: 1 },
    );
}, 60_000);
afterAll(async () => {
  if (!keep) rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const textOf = (pdf: Buffer, name: string) => {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
/** The line of the extracted text that holds `label`, with its spaces squeezed. */
const lineWith = (text: string, label: string) =>
  text
    .split('\n')
    .find((line) => line.includes(label))
    ?.replace(/\s+/g, ' ')
    .trim();

describe('getMonthlyStatement', () => {
  it("gathers the month's lessons per child, top-ups, refunds and balances in the parent's zone", async () => {
    const statement = await getMonthlyStatement(t.ctx, owner.parent.id, '2026-10');
    expect(statement.month).toBe('2026-10');
    expect(statement.timeZone).toBe('Asia/Shanghai');
    expect(statement.children.map((child) => child.nickname)).toEqual(['Mia', '小明']);
    const [mia, ming] = statement.children;
    expect(mia!.lessons.map((l) => [l.date, l.time, l.creditsRequired, l.creditsConsumed])).toEqual(
      [
        ['2026-10-01', '00:30', 2, 2],
        ['2026-10-08', '09:15', 1, 1],
      ],
    );
    expect(ming!.lessons.map((l) => [l.date, l.time, l.status, l.creditsConsumed])).toEqual([
      ['2026-10-15', '18:00', 'leave', 0],
      ['2026-10-22', '18:00', 'noShow', 3],
    ]);
    expect(statement.topUps).toMatchObject([
      { orderNo: 'OWN-OCT', date: '2026-10-05', credits: 10, amountMinor: 9_950, currency: 'USD' },
    ]);
    expect(statement.refunds).toMatchObject([
      { refundNo: 'RF-OWN-1', orderNo: 'OWN-SEP', amountMinor: 4_000, creditsTakenBack: 4 },
    ]);
    expect(statement.openingCredits).toBe(23);
    expect(statement.moves).toEqual({
      purchased: 8,
      rewards: 2,
      lessons: -6,
      refunds: -4,
      other: 1,
    });
    expect(statement.closingCredits).toBe(24);
    const moved = Object.values(statement.moves).reduce((sum, credits) => sum + credits, 0);
    expect(statement.openingCredits + moved).toBe(statement.closingCredits);
  });

  it('keeps two children of the same nickname apart', async () => {
    const statement = await getMonthlyStatement(t.ctx, other.parent.id, '2026-10');
    expect(
      statement.children.map((child) => [child.nickname, child.lessons.map((l) => l.date)]),
    ).toEqual([
      ['Zedekiah', ['2026-10-02']],
      ['Zedekiah', ['2026-10-09']],
    ]);
  });

  it('reads the month at the offset the screen sends', async () => {
    // At UTC the first lesson (30 September 16:30Z) belongs to September.
    const statement = await getMonthlyStatement(t.ctx, owner.parent.id, '2026-10', 0);
    expect(statement.timeZone).toBe('UTC+00:00');
    expect(statement.children[0]!.lessons.map((l) => l.date)).toEqual(['2026-10-08', '2026-10-31']);
    expect(statement.children[0]!.lessons[0]!.time).toBe('01:15');
  });

  it('refuses a month that is not YYYY-MM in 1970–2100', async () => {
    for (const month of ['2026-13', '0000-01', '2026-1', 'x'])
      await expect(getMonthlyStatement(t.ctx, owner.parent.id, month)).rejects.toMatchObject({
        errorCode: 'BAD_REQUEST',
        messageKey: 'monthInvalid',
      });
  });
});

describe('getStatementMonths', () => {
  it('lists the months from the first to the last activity, in the parent’s zone', async () => {
    expect(await getStatementMonths(t.ctx, owner.parent.id)).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(await getStatementMonths(t.ctx, other.parent.id)).toEqual(['2026-09', '2026-10']);
    const idle = await createSignedInParent(t.ctx);
    expect(await getStatementMonths(t.ctx, idle.parent.id)).toEqual([]);
  });
});

describe('renderStatementPdf', () => {
  it('reads back with the month’s figures in English, and nothing of another parent', async () => {
    const pdf = await renderStatementPdf(t.ctx, owner.parent.id, '2026-10', 'en');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(pdf, 'owner-en.pdf');
    expect(text).toContain('Monthly statement · 2026-10');
    expect(text).toContain('Parent: 王芳');
    expect(text).toContain('Dates and times in Asia/Shanghai');
    expect(lineWith(text, 'Opening balance')).toBe('Opening balance 23');
    expect(lineWith(text, 'Credits bought')).toBe('Credits bought +8');
    expect(lineWith(text, 'Credits used by lessons')).toBe('Credits used by lessons -6');
    expect(lineWith(text, 'Credits taken back by refunds')).toBe(
      'Credits taken back by refunds -4',
    );
    expect(lineWith(text, 'Closing balance')).toBe('Closing balance 24');
    expect(text).toContain('Lessons of Mia (2 lessons)');
    expect(text).toContain('Lessons of 小明 (2 lessons)');
    expect(lineWith(text, '2026-10-01')).toMatch(
      /^2026-10-01 00:30 Subject \d+ 1-on-1 Completed 2 2$/,
    );
    expect(lineWith(text, '2026-10-15')).toMatch(
      /^2026-10-15 18:00 Subject \d+ Small group Leave 3 0$/,
    );
    expect(lineWith(text, '2026-10-22')).toMatch(/No-show 3 3$/);
    expect(lineWith(text, 'OWN-OCT')).toBe('2026-10-05 OWN-OCT Ten credits 10 USD 99.50');
    expect(lineWith(text, 'RF-OWN-1')).toBe('2026-10-20 RF-OWN-1 OWN-SEP USD 40.00 4');
    // Other months, refunds not confirmed, staff notes and the other parent never print.
    for (const absent of [
      '2026-09-30',
      '2026-11-01',
      'RF-OWN-FAILED',
      'RF-OWN-ASKED',
      'Staff note',
      'Zedekiah',
      'OTHER-OCT',
      'RF-OTHER-1',
      '777.77',
      '123.45',
      'Other Parent',
    ])
      expect(text).not.toContain(absent);
    expect(text).toContain('Page 1 of 1');
  });

  it('reads back in Chinese with the same figures', async () => {
    const pdf = await renderStatementPdf(t.ctx, owner.parent.id, '2026-10', 'zh_CN');
    const text = textOf(pdf, 'owner-zh.pdf');
    expect(text).toContain('月度对账单 · 2026-10');
    expect(text).toContain('家长：王芳');
    expect(lineWith(text, '期初余额')).toBe('期初余额 23');
    expect(lineWith(text, '期末余额')).toBe('期末余额 24');
    expect(lineWith(text, '上课消耗课时')).toBe('上课消耗课时 -6');
    expect(text).toContain('小明 的课程（2 节）');
    expect(lineWith(text, '2026-10-15')).toMatch(/^2026-10-15 18:00 科目 \d+ 小班课 请假 3 0$/);
    expect(lineWith(text, 'OWN-OCT')).toBe('2026-10-05 OWN-OCT 8 课时包 10 USD 99.50');
    expect(text).not.toContain('Zedekiah');
    expect(text).toContain('第 1 页，共 1 页');
  });

  it('says so for a month without anything', async () => {
    const text = textOf(
      await renderStatementPdf(t.ctx, other.parent.id, '2026-03', 'en'),
      'empty.pdf',
    );
    expect(text).toContain('No lessons in this month.');
    expect(text).toContain('No credits bought in this month.');
    expect(text).toContain('No refunds in this month.');
    expect(lineWith(text, 'Opening balance')).toBe('Opening balance 0');
  });

  it('renders a month of 100 lessons over pages, each row readable', async () => {
    for (const language of ['en', 'zh_CN'] as const) {
      const started = performance.now();
      const pdf = await renderStatementPdf(t.ctx, busy.parent.id, '2026-10', language);
      const elapsed = performance.now() - started;
      // The issue asks for ≤ 2 s: printed for the reader, not asserted (a loaded CI machine varies).
      // eslint-disable-next-line no-console
      console.log(
        `statement PDF, 100 lessons, ${language}: ${elapsed.toFixed(0)} ms, ${pdf.length} bytes`,
      );
      const text = textOf(pdf, `busy-${language}.pdf`);
      const rows = text.split('\n').filter((line) => /^\s*2026-1[01]-\d\d\s+\d\d:\d\d/.test(line));
      expect(rows).toHaveLength(100);
      // Small: the font holds only the glyphs used.
      expect(pdf.length).toBeLessThan(400_000);
    }
  });

  it('answers 503 statementPdfFontMissing without the font', async () => {
    await expect(
      renderStatementPdf(t.ctx, owner.parent.id, '2026-10', 'en', () =>
        cjkFont({ path: '/nonexistent.ttc' }),
      ),
    ).rejects.toMatchObject({ errorCode: 'UNAVAILABLE', messageKey: 'statementPdfFontMissing' });
    await expect(
      openStatementPdf(t.ctx, owner.parent.id, { month: '2026-10' }, 'en', () => undefined),
    ).rejects.toMatchObject({ messageKey: 'statementPdfFontMissing' });
  });
});

describe('moneyText', () => {
  it('writes minor units exactly', () => {
    expect(moneyText(9_950, 'USD')).toBe('USD 99.50');
    expect(moneyText(7, 'CNY')).toBe('CNY 0.07');
    expect(moneyText(-305, 'USD')).toBe('USD -3.05');
    expect(moneyText(500, 'JPY')).toBe('JPY 500');
  });
});

describe('GET /api/statementPdf', () => {
  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it("streams the signed-in parent's statement as a PDF in the request's language", async () => {
    const response = await get('/api/statementPdf?month=2026-10', {
      ...owner.headers,
      lang: 'zh_CN',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statement-2026-10.pdf"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const text = textOf(response.rawPayload, 'route-zh.pdf');
    expect(text).toContain('月度对账单 · 2026-10');
    expect(lineWith(text, '期末余额')).toBe('期末余额 24');
  });

  it('shows each parent only their own figures', async () => {
    const response = await get('/api/statementPdf?month=2026-10', other.headers);
    const text = textOf(response.rawPayload, 'route-other.pdf');
    expect(text).toContain('Zedekiah');
    expect(lineWith(text, 'OTHER-OCT')).toBe('2026-10-06 OTHER-OCT 33 credits 33 CNY 777.77');
    for (const absent of ['Mia', '小明', 'OWN-OCT', 'RF-OWN-1', '王芳'])
      expect(text).not.toContain(absent);
  });

  it('uses the offset the screen sends, and the current month without one', async () => {
    const utc = textOf(
      (await get('/api/statementPdf?month=2026-10&time_diff=0', owner.headers)).rawPayload,
      'route-utc.pdf',
    );
    expect(utc).toContain('Dates and times in UTC+00:00');
    expect(utc).not.toContain('2026-10-01');
    const current = await get('/api/statementPdf', owner.headers);
    expect(current.headers['content-disposition']).toBe(
      'attachment; filename="statement-2026-11.pdf"',
    );
  });

  it('refuses a bad month with the translated message, in both languages', async () => {
    for (const [lang, msg] of [
      ['en', 'Please choose a month.'],
      ['zh_CN', '请选择月份。'],
    ] as const)
      for (const month of ['2026-13', '0000-01', '26-10', 'october']) {
        const response = await get(`/api/statementPdf?month=${month}`, { ...owner.headers, lang });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 400, msg });
      }
  });

  it('requires a signed-in parent', async () => {
    const response = await get('/api/statementPdf?month=2026-10', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: expect.any(Number) });
  });
});
