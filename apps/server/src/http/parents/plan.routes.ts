import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import { TimeDiffSchema } from '@portal/shared/catalogue';
import {
  PlanCancelPreviewSchema,
  PlanPauseBodySchema,
  PlanPausePreviewSchema,
  PlanStateSchema,
  type PlanLesson,
  type PlanState,
} from '@portal/shared/plan-actions';
import type { AppContext } from '../../app-context';
import { translate } from '../../lib/catalogue';
import type { Viewpoint } from '../../lib/time';
import { parentViewpoint } from '../../modules/auth/viewpoint.service';
import { cancelOwnPlan, previewParentPlanCancel } from '../../modules/billing/plan-cancel.service';
import {
  pausePlan,
  previewPlanPause,
  type PlanLessonRow,
} from '../../modules/billing/plan-pause.service';
import type { MembershipRow } from '../../modules/membership/membership.service';
import { parentIdOf } from '../../plugins/auth';
import { ok, okSaying } from '../envelope';
import { pick } from '../localize';
import type { Language } from '@portal/shared/i18n';
import { stamp } from './calendar';

/*
 * A member parent cancels their plan at the period's end or pauses it for 1–4 weeks (issue
 * #25), each with a preview first: the date the plan ends or resumes, the lessons affected and
 * what happens to credits. Days and times as the parent sees them (decision 035).
 */

const PreviewQuerySchema = z.object({ time_diff: TimeDiffSchema.optional() });
const PausePreviewQuerySchema = PlanPauseBodySchema.extend({
  time_diff: TimeDiffSchema.optional(),
});

const day = (instant: Date, seen: Viewpoint) => stamp(instant, seen).slice(0, 10);

function lessonWire(lesson: PlanLessonRow, seen: Viewpoint, language: Language): PlanLesson {
  return {
    lesson_sn: lesson.lesson_sn,
    child: lesson.nickname,
    course: pick(language, lesson.course),
    starts_at: stamp(lesson.starts_at, seen),
    credits: lesson.required_credit,
  };
}

function stateWire(plan: MembershipRow, seen: Viewpoint): PlanState {
  return {
    ends_at: day(plan.ends_at, seen),
    cancel_at_period_end: plan.cancel_at_period_end,
    paused_from: plan.paused_from ? day(plan.paused_from, seen) : '',
    paused_until: plan.paused_until ? day(plan.paused_until, seen) : '',
  };
}

export const planRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireParent);
  const tags = ['billing'];

  app.get(
    '/planCancelPreview',
    {
      schema: {
        tags,
        summary: 'What cancelling the plan at the end of its period does',
        querystring: PreviewQuerySchema,
        response: { 200: envelope(PlanCancelPreviewSchema) },
      },
    },
    async (request) => {
      const parentId = parentIdOf(request);
      const seen = await parentViewpoint(ctx, parentId, request.query.time_diff);
      const preview = await previewParentPlanCancel(ctx, parentId);
      return ok({
        ends_at: day(preview.plan.ends_at, seen),
        already_cancelled: preview.alreadyCancelled,
        renews: preview.renews,
        lessons_after: preview.lessonsAfter.map((l) => lessonWire(l, seen, request.lang)),
        credits_after: preview.lessonsAfter.reduce((sum, l) => sum + l.required_credit, 0),
        balance: preview.balance,
      });
    },
  );

  app.post(
    '/planCancel',
    {
      schema: {
        tags,
        summary: 'Cancel the plan at the end of its period (renewals stop)',
        response: { 200: envelope(PlanStateSchema) },
      },
    },
    async (request) => {
      const parentId = parentIdOf(request);
      const plan = await cancelOwnPlan(ctx, parentId);
      const seen = await parentViewpoint(ctx, parentId, undefined);
      return okSaying(request, 'planCancelDone', stateWire(plan, seen));
    },
  );

  app.get(
    '/planPausePreview',
    {
      schema: {
        tags,
        summary: 'What pausing the plan for 1–4 weeks from now does',
        querystring: PausePreviewQuerySchema,
        response: { 200: envelope(PlanPausePreviewSchema) },
      },
    },
    async (request) => {
      const parentId = parentIdOf(request);
      const seen = await parentViewpoint(ctx, parentId, request.query.time_diff);
      const pause = await previewPlanPause(ctx, parentId, request.query.weeks);
      return ok({
        weeks: pause.weeks,
        paused_from: day(pause.from, seen),
        resumes_at: day(pause.until, seen),
        ends_at: day(pause.plan.ends_at, seen),
        new_ends_at: day(pause.newEndsAt, seen),
        lessons: pause.lessons.map((l) => lessonWire(l, seen, request.lang)),
        credits_back: pause.creditsBack,
        can_pause: pause.refusal === null,
        reason: pause.refusal ? translate(request.lang, pause.refusal) : '',
      });
    },
  );

  app.post(
    '/planPause',
    {
      schema: {
        tags,
        summary: 'Pause the plan for 1–4 weeks from now (once per period)',
        body: PlanPauseBodySchema,
        response: { 200: envelope(PlanStateSchema) },
      },
    },
    async (request) => {
      const parentId = parentIdOf(request);
      const pause = await pausePlan(ctx, parentId, request.body.weeks);
      const seen = await parentViewpoint(ctx, parentId, undefined);
      return okSaying(request, 'planPauseDone', stateWire(pause.plan, seen));
    },
  );
};
