import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../../test/factories/parents';
import {
  createChild,
  createCourse,
  createEnrollment,
  grantCredits,
} from '../../../test/factories/lessons';
import { createTeacher } from '../../../test/factories/teachers';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { rowsOf } from '../../db/client';
import { closures, lessons } from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { findOutboxMessagesTo } from '../outbox/outbox.service';
import { notifyFamilies, type LessonNotice, type NoticeLogger } from './notices.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * The outbox's newest id: messages after it are the ones a test's call wrote (enrolling may
 * send its own message before).
 */
async function outboxMark(): Promise<number> {
  const [row] = rowsOf<{ id: number | null }>(
    await t.ctx.db.execute(sql`select max(id) as id from outbox_messages`),
  );
  return Number(row?.id ?? 0);
}

/** What the local providers kept for these recipients since `mark`, oldest first. */
async function outboxSince(mark: number, ...recipients: string[]) {
  const kept = await Promise.all(recipients.map((to) => findOutboxMessagesTo(t.ctx, to, 50)));
  return kept
    .flat()
    .filter((message) => message.id > mark)
    .sort((a, b) => a.id - b.id);
}

const phoneOf = (parent: { country_code: string; mobile: string }) =>
  `+${parent.country_code}${parent.mobile}`;

/**
 * A family with a child enrolled from `from` in a course of Tuesdays 20:00 in New York (credit 2
 * per lesson), the parent in Shanghai: New York changes its clocks, Shanghai does not.
 */
async function newYorkFamily(
  from: string,
  parent: { language?: 'en' | 'zh_CN'; email?: string | null; timeZone?: string | null } = {},
) {
  t.clock.set(from);
  const teacher = await createTeacher(t.ctx, { name: 'Ms Rivera' });
  const row = await createParent(t.ctx, {
    name: 'Paula',
    language: parent.language ?? 'en',
    time_zone: parent.timeZone === undefined ? 'Asia/Shanghai' : parent.timeZone,
    email: parent.email === undefined ? `p${Date.now()}${Math.random()}@example.com` : parent.email,
  });
  const child = await createChild(t.ctx, row.id, 'Mia');
  await grantCredits(t.ctx, row.id, { paid: 40 });
  const course = await createCourse(t.ctx, {
    slots: [[2, '20:00']],
    zone: 'America/New_York',
    credit: 2,
    teacherId: teacher.id,
  });
  await createEnrollment(t.ctx, { parentId: row.id, studentId: child.id, courseId: course.id });
  // The generator gives lessons the course's teacher; set here too so this file tests notices only.
  await t.ctx.db
    .update(lessons)
    .set({ teacher_id: teacher.id })
    .where(eq(lessons.student_id, child.id));
  const rows = await t.ctx.db
    .select()
    .from(lessons)
    .where(eq(lessons.student_id, child.id))
    .orderBy(lessons.starts_at);
  return { parent: row, child, course, teacher, lessons: rows };
}

describe('notifyFamilies', () => {
  it('sends one e-mail per family per call, times in the parent zone across the March change', async () => {
    const f = await newYorkFamily('2027-03-01T12:00:00.000Z');
    // Tuesdays 20:00 in New York: EST (UTC-5) until 14 March 2027, then EDT (UTC-4).
    expect(f.lessons.map((lesson) => lesson.starts_at.toISOString())).toEqual([
      '2027-03-03T01:00:00.000Z',
      '2027-03-10T01:00:00.000Z',
      '2027-03-17T00:00:00.000Z',
      '2027-03-24T00:00:00.000Z',
    ]);
    const mark = await outboxMark();
    await notifyFamilies(
      t.ctx,
      f.lessons.map((lesson) => ({ kind: 'enrolled', lessonId: lesson.id })),
    );
    const sent = await outboxSince(mark, f.parent.email!, phoneOf(f.parent));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail).toMatchObject({
      channel: 'email',
      recipient: f.parent.email!.toLowerCase(),
      subject: 'New lessons booked',
    });
    // Shanghai keeps its clock: 09:00 on Wednesdays before New York's change, 08:00 after.
    expect(mail!.body).toContain('Hello Paula,');
    expect(mail!.body).toContain('(Asia/Shanghai)');
    const lines = mail!.body.split('\n').filter((line) => line.startsWith('• '));
    expect(lines.map((line) => line.replace(/Subject \d+/, 'Subject'))).toEqual([
      '• Mia · Subject Level 1 · Wed, Mar 3, 2027, 09:00: new lesson with Ms Rivera',
      '• Mia · Subject Level 1 · Wed, Mar 10, 2027, 09:00: new lesson with Ms Rivera',
      '• Mia · Subject Level 1 · Wed, Mar 17, 2027, 08:00: new lesson with Ms Rivera',
      '• Mia · Subject Level 1 · Wed, Mar 24, 2027, 08:00: new lesson with Ms Rivera',
    ]);
    expect(mail!.body).toContain(`${t.ctx.config.publicUrl}/home/children/ScheduleaClass`);
    const logged = rowsOf<{ kind: string; channel: string; status: string }>(
      await t.ctx.db.execute(
        sql`select kind, channel, status from message_log where parent_id = ${f.parent.id}`,
      ),
    );
    expect(logged).toEqual([{ kind: 'lesson-changes', channel: 'email', status: 'sent' }]);
  });

  it('writes in Chinese, by SMS without an e-mail, across the November change', async () => {
    const f = await newYorkFamily('2027-10-25T12:00:00.000Z', {
      language: 'zh_CN',
      email: null,
    });
    const [, second, third] = f.lessons;
    // Moved a week later across New York's return to EST (7 November 2027); cancelled for a holiday.
    await t.ctx.db
      .update(lessons)
      .set({ starts_at: new Date('2027-11-10T01:00:00.000Z') })
      .where(eq(lessons.id, second!.id));
    await t.ctx.db
      .update(lessons)
      .set({ cancelled_at: t.clock.now(), cancel_reason: 'public-holiday' })
      .where(eq(lessons.id, third!.id));
    const mark = await outboxMark();
    await notifyFamilies(t.ctx, [
      { kind: 'moved', lessonId: second!.id, previousStartsAt: second!.starts_at },
      { kind: 'cancelled', lessonId: third!.id, reason: 'public-holiday' },
    ]);
    const sent = await outboxSince(mark, phoneOf(f.parent));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'sms',
      recipient: phoneOf(f.parent),
    });
    const text = sent[0]!.body;
    expect(text).toContain('孩子课程变动通知（Asia/Shanghai 时间）');
    // 2 Nov 20:00 EDT = 3 Nov 08:00 in Shanghai; 9 Nov 20:00 EST = 10 Nov 09:00.
    expect(text).toContain('由 2027年11月3日（周三）08:00 改至 2027年11月10日（周三）09:00');
    expect(text).toContain('2027年11月10日（周三）09:00：已取消（公共假期），2 课时已退回账户');
    expect(text).toContain('科目');
  });

  it('falls back to the school zone, names closures, substitutes and notes', async () => {
    const f = await newYorkFamily('2027-03-01T12:00:00.000Z', { timeZone: null });
    const substitute = await createTeacher(t.ctx, { name: 'Mr Chen' });
    const [first, second, third] = f.lessons;
    const [closure] = await t.ctx.db
      .insert(closures)
      .values({
        closure_sn: newPublicId('CL'),
        course_id: f.course.id,
        starts_on: '2027-03-09',
        ends_on: '2027-03-09',
        reason_en: 'Staff training day',
        reason_zh: '教师培训日',
      })
      .returning();
    await t.ctx.db
      .update(lessons)
      .set({ cancelled_at: t.clock.now(), cancel_reason: 'closure', closure_id: closure!.id })
      .where(eq(lessons.id, second!.id));
    await t.ctx.db
      .update(lessons)
      .set({ teacher_id: substitute.id, substitute_for_id: f.teacher.id })
      .where(eq(lessons.id, third!.id));
    await t.ctx.db
      .update(lessons)
      .set({ teacher_note: 'Great counting today!' })
      .where(eq(lessons.id, first!.id));
    const mark = await outboxMark();
    await notifyFamilies(t.ctx, [
      { kind: 'substitute', lessonId: third!.id },
      { kind: 'cancelled', lessonId: second!.id },
      { kind: 'teacher-note', lessonId: first!.id },
    ]);
    const [mail, ...others] = await outboxSince(mark, f.parent.email!, phoneOf(f.parent));
    expect(others).toEqual([]);
    const zone = t.ctx.config.schoolTimeZone;
    expect(mail!.subject).toBe("Changes to your children's lessons");
    expect(mail!.body).toContain(`(${zone})`);
    const lines = mail!.body.split('\n').filter((line) => line.startsWith('• '));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/: note from Ms Rivera: "Great counting today!"$/);
    expect(lines[1]).toMatch(
      /: cancelled \(Staff training day\); 2 credits returned to your balance$/,
    );
    expect(lines[2]).toMatch(/: Mr Chen teaches this lesson instead of Ms Rivera$/);
  });

  it('groups several families: one message each, in each one language', async () => {
    const a = await newYorkFamily('2027-03-01T12:00:00.000Z');
    const b = await newYorkFamily('2027-03-01T12:00:00.000Z', { language: 'zh_CN' });
    const notices: LessonNotice[] = [...a.lessons, ...b.lessons].map((lesson) => ({
      kind: 'enrollment-ended',
      lessonId: lesson.id,
    }));
    const mark = await outboxMark();
    await notifyFamilies(t.ctx, notices);
    const sent = await outboxSince(
      mark,
      ...[a.parent, b.parent].flatMap((parent) => [parent.email!, phoneOf(parent)]),
    );
    expect(sent.map((message) => message.recipient).sort()).toEqual(
      [a.parent.email!, b.parent.email!].map((email) => email.toLowerCase()).sort(),
    );
    const toB = sent.find((message) => message.recipient === b.parent.email!.toLowerCase())!;
    expect(toB.subject).toBe('课程报名已结束');
    expect(toB.body.match(/^• /gm)).toHaveLength(4);
    expect(toB.body).toContain('已取消（课程报名已结束），2 课时已退回账户');
  });

  it('logs a failed send without the phone and never throws', async () => {
    const f = await newYorkFamily('2027-03-01T12:00:00.000Z', { email: null });
    const warnings: { details: Record<string, unknown>; message: string }[] = [];
    const log: NoticeLogger = { warn: (details, message) => warnings.push({ details, message }) };
    const failing = {
      ...t.ctx,
      log,
      providers: {
        ...t.ctx.providers,
        sms: {
          kind: 'twilio' as const,
          send: (to: string) => Promise.reject(new Error(`Twilio refused ${to}`)),
        },
      },
    };
    await expect(
      notifyFamilies(failing, [{ kind: 'enrolled', lessonId: f.lessons[0]!.id }]),
    ).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toBe('lesson notice not sent');
    expect(warnings[0]!.details).toMatchObject({ parentId: f.parent.id, lessons: 1 });
    expect(JSON.stringify(warnings)).not.toContain(f.parent.mobile);
    const logged = rowsOf<{ status: string }>(
      await t.ctx.db.execute(
        sql`select status from message_log where parent_id = ${f.parent.id} and kind = 'lesson-changes'`,
      ),
    );
    expect(logged).toEqual([{ status: 'failed' }]);
  });

  it('sends nothing for no notices or lessons that no longer exist', async () => {
    const mark = await outboxMark();
    await notifyFamilies(t.ctx, []);
    await notifyFamilies(t.ctx, [{ kind: 'cancelled', lessonId: 2_000_000_000 }]);
    const [row] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from outbox_messages where id > ${mark}`,
      ),
    );
    expect(row?.n).toBe(0);
  });
});
