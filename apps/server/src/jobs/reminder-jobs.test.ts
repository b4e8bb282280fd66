import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lessonReminders } from '../db/schema';
import { createBareEnrollment, createChild, createCourse } from '../../test/factories/lessons';
import { createParent } from '../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../test/helpers/app';
import { PLAN_REMINDERS_JOB, SEND_REMINDER_JOB } from '../modules/reminders/reminders.service';
import { JOBS, startJobs, type JobContext, type RunningJobs } from '.';

/*
 * Lesson reminders on the durable queue (issue #24, decision 050): two schedulers — two
 * instances' workers on one database — run the real planner and sender jobs, with an SMS
 * provider that fails twice and then succeeds. Each reminder reaches the parent once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MIN = 60_000;

describe('reminders on the job queue', () => {
  it('two schedulers plan and send each reminder once; a provider failing twice is retried to success', async () => {
    const parent = await createParent(t.ctx, {
      email: null,
      language: 'en',
      time_zone: 'Asia/Shanghai',
    });
    const child = await createChild(t.ctx, parent.id, 'Mia');
    const course = await createCourse(t.ctx, { slots: [[1, '07:00']], zone: 'Asia/Shanghai' });
    const { addLesson } = await createBareEnrollment(t.ctx, {
      parentId: parent.id,
      studentId: child.id,
      courseId: course.id,
    });
    const start = new Date('2026-12-07T12:00:00Z');
    const made = [await addLesson(start), await addLesson(new Date(start.getTime() + 5 * MIN))];
    const lessonIds = made.map((lesson) => lesson.id);
    // Nine minutes before the first lesson: both lessons' 10-minute SMS are due.
    t.clock.set(new Date(start.getTime() - 4 * MIN));

    const texts: string[] = [];
    let failuresLeft = 2;
    const ctx: JobContext = {
      ...t.ctx,
      providers: {
        ...t.ctx.providers,
        sms: {
          kind: 'local',
          send: async (_to: string, text: string) => {
            if (failuresLeft > 0) {
              failuresLeft -= 1;
              throw new Error('Gateway timeout');
            }
            texts.push(text);
          },
        },
      },
    };
    const jobs = JOBS.filter((job) => [PLAN_REMINDERS_JOB, SEND_REMINDER_JOB].includes(job.name))
      // No schedule in the test (the planner is sent by hand), and a quick back-off.
      .map(({ cron: _cron, ...job }) => ({ ...job, pollSeconds: 0.5, retryDelaySeconds: 1 }));
    const log = pino({ level: 'silent' });
    const started: RunningJobs[] = [];
    try {
      for (let i = 0; i < 2; i++)
        started.push(
          await startJobs({ ctx, database: t.database, log, jobs, schema: 'pgboss_reminders' }),
        );
      // Both instances' planners run at the same moment.
      await Promise.all(started.map((instance) => instance.send(PLAN_REMINDERS_JOB)));
      const rows = () =>
        t.ctx.db
          .select()
          .from(lessonReminders)
          .where(inArray(lessonReminders.lesson_id, lessonIds));
      await vi.waitFor(
        async () => {
          const now = await rows();
          expect(now.map((row) => row.state)).toEqual(['sent', 'sent']);
        },
        { timeout: 40_000, interval: 200 },
      );
      // Time for a duplicate delivery to show itself.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const final = await rows();
      expect(final).toHaveLength(2);
      expect(final.every((row) => row.state === 'sent' && row.reason === null)).toBe(true);
      // Two failures and two deliveries: four attempts over the two rows.
      expect(final.reduce((sum, row) => sum + row.attempts, 0)).toBe(4);
      expect(texts).toHaveLength(2);
      expect(texts.filter((text) => text.includes('20:00 Asia/Shanghai'))).toHaveLength(1);
      expect(texts.filter((text) => text.includes('20:05 Asia/Shanghai'))).toHaveLength(1);
    } finally {
      await Promise.all(started.map((instance) => instance.stop()));
    }
  }, 90_000);
});
