import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import type { AppContext } from '../../app-context';
import {
  avatars,
  courses,
  enrollments,
  lessons,
  levels,
  parents,
  staff,
  students,
  subjects,
  teachers,
} from '../../db/schema';
import { newPublicId } from '../../lib/ids';
import { notFound } from '../../lib/app-error';
import { appendLedger, reserveLessonCredits } from '../../modules/credits/ledger.service';
import { ok } from '../envelope';

const TeachingFixtureBody = z.object({
  user_sn: z.string(),
  /** The teacher's staff e-mail (the demo's teacher@example.com). */
  teacher_email: z.string(),
  /** The child's name: each journey its own, as the demo teacher's week is shared. */
  nickname: z.string().min(1).max(20).default('Ava'),
  /** The lesson started this many minutes ago… */
  started_minutes_ago: z.number().int().min(0).max(60).default(5),
  /** …and ends this many seconds from now: long enough to enter and mark, short to wait out. */
  ends_in_seconds: z.number().int().min(10).max(3600).default(90),
});

/**
 * POST /api/dev/fixtures/teaching: a child (`nickname`) of a fixture parent in a private one-on-one
 * course of the given teacher, with one lesson on air now that ends within a minute or two, its
 * credit held — so an e2e journey can have the teacher enter and mark it, then the parent read
 * the teacher's note on the completed lesson (e2e server only). The course has no weekly slots,
 * so the generator adds nothing to it.
 */
export const teachingFixtures: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/api/dev/fixtures/teaching',
    {
      schema: {
        body: TeachingFixtureBody,
        response: {
          200: envelope(
            z.object({ student_sn: z.string(), nickname: z.string(), lesson_sn: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const now = ctx.clock.now();
      const result = await ctx.db.transaction(async (tx) => {
        const [parent] = await tx.select().from(parents).where(eq(parents.user_sn, body.user_sn));
        const [teacher] = await tx
          .select({ id: teachers.id })
          .from(teachers)
          .innerJoin(staff, eq(staff.id, teachers.staff_id))
          .where(sql`lower(${staff.email}) = lower(${body.teacher_email})`);
        if (!parent || !teacher) throw notFound();
        const [avatar] = await tx.select().from(avatars).orderBy(asc(avatars.sort)).limit(1);
        const [child] = await tx
          .insert(students)
          .values({
            student_sn: newPublicId('S'),
            parent_id: parent.id,
            nickname: body.nickname,
            birth_date: '2019-03-08',
            avatar_id: avatar!.id,
          })
          .returning();
        const [subject] = await tx.select().from(subjects).orderBy(asc(subjects.sort)).limit(1);
        const [level] = await tx
          .select()
          .from(levels)
          .where(eq(levels.subject_id, subject!.id))
          .orderBy(asc(levels.sort))
          .limit(1);
        const startsAt = new Date(now.getTime() - body.started_minutes_ago * 60_000);
        const endsAt = new Date(now.getTime() + body.ends_in_seconds * 1000);
        const [course] = await tx
          .insert(courses)
          .values({
            subject_id: subject!.id,
            level_id: level!.id,
            class_type: 'one_on_one',
            required_credit: 1,
            duration_minutes: Math.ceil((endsAt.getTime() - startsAt.getTime()) / 60_000),
            total_lessons: 1,
            time_zone: 'UTC',
            is_public: false,
            teacher_id: teacher.id,
          })
          .returning();
        const [enrollment] = await tx
          .insert(enrollments)
          .values({
            enrollment_sn: newPublicId('E'),
            parent_id: parent.id,
            student_id: child!.id,
            course_id: course!.id,
            starts_at: startsAt,
          })
          .returning();
        await appendLedger(tx, {
          parent_id: parent.id,
          event: 'purchase',
          paid_delta: 5,
          title_en: 'Purchased 5 credits',
          title_zh: '购买 5 课时',
          idempotency_key: `fixture:${parent.id}:teaching:${child!.id}`,
          created_at: now,
        });
        const [lesson] = await tx
          .insert(lessons)
          .values({
            lesson_sn: newPublicId('L'),
            enrollment_id: enrollment!.id,
            parent_id: parent.id,
            student_id: child!.id,
            course_id: course!.id,
            lesson_number: 1,
            starts_at: startsAt,
            ends_at: endsAt,
            required_credit: 1,
            room_key: randomBytes(16).toString('hex'),
            teacher_id: teacher.id,
          })
          .returning();
        await reserveLessonCredits(
          tx,
          {
            parentId: parent.id,
            lessonId: lesson!.id,
            credits: 1,
            label: { en: `${subject!.title_en} · lesson 1`, zh: `${subject!.title_zh} 第 1 课` },
          },
          now,
        );
        return {
          student_sn: child!.student_sn,
          nickname: child!.nickname,
          lesson_sn: lesson!.lesson_sn,
        };
      });
      return ok(result);
    },
  );
};
