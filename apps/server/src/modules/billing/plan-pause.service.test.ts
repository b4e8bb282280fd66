import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createChild,
  createCourse,
  createEnrollment,
  createMembership,
  grantCredits,
} from '../../../test/factories/lessons';
import { createParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import type { AppContext } from '../../app-context';
import { rowsOf } from '../../db/client';
import { lessons, memberships } from '../../db/schema';
import { createStripePaymentProvider } from '../../providers/payments/stripe-payments';
import { handlePaymentEvent } from './fulfilment.service';
import { cancelOwnPlan, previewParentPlanCancel } from './plan-cancel.service';
import { pausePlan, previewPlanPause } from './plan-pause.service';

/*
 * A parent's own plan actions (issue #25) on the test database: the pause (leave for the plan's
 * lessons, expiry moved, once per period, once under parallel requests), the cancellation at the
 * period's end through staff's one function, the provider's calls against a local fake of
 * Stripe's API, and its notification replayed.
 */

const DAY = 86_400_000;
const WEEK = 7 * DAY;
let t: TestApp;
let server: Server;
let stripeDown = false;
let calls: { method?: string; url?: string; key?: string; form: URLSearchParams }[] = [];
let stripeCtx: AppContext;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    const key = request.headers['idempotency-key'] as string | undefined;
    calls.push({ method: request.method, url: request.url, key, form });
    response.setHeader('content-type', 'application/json');
    if (stripeDown) {
      response.writeHead(400);
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No' } }));
      return;
    }
    const path = (request.url ?? '').split('?')[0]!;
    response.writeHead(200);
    response.end(JSON.stringify({ id: path.split('/').pop(), object: 'subscription' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  stripeCtx = {
    ...t.ctx,
    providers: {
      ...t.ctx.providers,
      payments: createStripePaymentProvider({
        secretKey: 'sk_test_fake',
        webhookSecret: 'whsec_plan_test',
        apiBase: { host: '127.0.0.1', port, protocol: 'http' },
      }),
    },
  };
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});
beforeEach(() => {
  t.clock.set('2026-11-20T08:00:00.000Z');
  calls = [];
  stripeDown = false;
});

/** A member parent (plan of one child, subscription `sub`) with two children taking lessons. */
async function memberFamily(subscriptionId: string | null) {
  const parent = await createParent(t.ctx);
  const covered = await createChild(t.ctx, parent.id, 'Covered');
  const other = await createChild(t.ctx, parent.id, 'Other');
  await createMembership(t.ctx, parent.id, 1);
  await t.ctx.db
    .update(memberships)
    .set({ subscription_id: subscriptionId })
    .where(eq(memberships.parent_id, parent.id));
  await grantCredits(t.ctx, parent.id, { paid: 200 });
  const course = await createCourse(t.ctx, {
    slots: [
      [1, '10:00'],
      [3, '10:00'],
      [5, '10:00'],
    ],
    credit: 2,
    classType: 'group',
  });
  for (const child of [covered, other])
    await createEnrollment(t.ctx, {
      parentId: parent.id,
      studentId: child.id,
      courseId: course.id,
      weeks: 7,
    });
  return { parent, covered, other };
}

const planOf = async (parentId: number) =>
  (await t.ctx.db.select().from(memberships).where(eq(memberships.parent_id, parentId)))[0]!;
const lessonsOf = (parentId: number) =>
  t.ctx.db.select().from(lessons).where(eq(lessons.parent_id, parentId));
const paidBalance = async (parentId: number) =>
  rowsOf<{ n: number }>(
    await t.ctx.db.execute(
      sql`select coalesce(sum(paid_delta + reward_delta), 0)::int as n from credit_ledger where parent_id = ${parentId}`,
    ),
  )[0]!.n;

describe('pausing a plan', () => {
  it('previews, then puts the covered child’s lessons in the span on leave and moves the expiry', async () => {
    const { parent, covered, other } = await memberFamily(null);
    const before = await planOf(parent.id);
    const now = t.clock.now();
    const preview = await previewPlanPause(t.ctx, parent.id, 2);
    expect(preview.refusal).toBeNull();
    expect(preview.until).toEqual(new Date(now.getTime() + 2 * WEEK));
    expect(preview.newEndsAt).toEqual(new Date(before.ends_at.getTime() + 2 * WEEK));
    // Mon, Wed, Fri at 10:00 for two weeks from Friday 08:00, only the covered child's: today's
    // lesson is within 3 h (it takes place), the one two weeks on is after the pause.
    expect(preview.lessons).toHaveLength(5);
    expect(preview.lessons[0]!.starts_at).toEqual(new Date('2026-11-23T10:00:00.000Z'));
    expect(new Set(preview.lessons.map((lesson) => lesson.student_id))).toEqual(
      new Set([covered.id]),
    );
    expect(preview.creditsBack).toBe(0);
    const balanceBefore = await paidBalance(parent.id);

    const done = await pausePlan(t.ctx, parent.id, 2);
    expect(done.lessons.map((lesson) => lesson.id)).toEqual(
      preview.lessons.map((lesson) => lesson.id),
    );
    const after = await planOf(parent.id);
    expect(after).toMatchObject({
      paused_from: now,
      paused_until: preview.until,
      ends_at: preview.newEndsAt,
      pause_period_ends_at: preview.newEndsAt,
    });
    const rows = await lessonsOf(parent.id);
    const onLeave = rows.filter((lesson) => lesson.leave_at !== null);
    expect(onLeave.map((lesson) => lesson.id).sort()).toEqual(
      preview.lessons.map((lesson) => lesson.id).sort(),
    );
    // The other child's lessons in the span take place and keep their credits.
    expect(rows.filter((l) => l.student_id === other.id && l.leave_at !== null)).toHaveLength(0);
    // Nothing charged: the covered lessons held nothing, so the balance is the same.
    expect(await paidBalance(parent.id)).toBe(balanceBefore);
  });

  it('is once per period: refused while paused and after, again allowed once the plan renews', async () => {
    const { parent } = await memberFamily('sub_once');
    await pausePlan(stripeCtx, parent.id, 1);
    await expect(pausePlan(stripeCtx, parent.id, 1)).rejects.toMatchObject({
      errorCode: 'CONFLICT',
      messageKey: 'planPauseActive',
    });
    t.clock.advance(WEEK + DAY);
    expect((await previewPlanPause(t.ctx, parent.id, 1)).refusal).toBe('planPauseUsed');
    await expect(pausePlan(stripeCtx, parent.id, 1)).rejects.toMatchObject({
      messageKey: 'planPauseUsed',
    });
    // The renewal's period ends later than the pause's: a new pause may be taken.
    const plan = await planOf(parent.id);
    await handlePaymentEvent(stripeCtx, {
      kind: 'subscription.renewed',
      id: `evt_renew_${parent.id}`,
      subscriptionId: 'sub_once',
      invoiceId: `in_renew_${parent.id}`,
      amountMinor: 34_900,
      currency: 'USD',
      periodEnd: new Date(plan.ends_at.getTime() + 30 * DAY),
    });
    expect((await previewPlanPause(t.ctx, parent.id, 1)).refusal).toBeNull();
  });

  it('pauses once when asked twice at the same moment', async () => {
    const { parent } = await memberFamily(null);
    const before = await planOf(parent.id);
    const results = await Promise.allSettled([
      pausePlan(t.ctx, parent.id, 3),
      pausePlan(t.ctx, parent.id, 3),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { messageKey: 'planPauseActive' },
    });
    expect((await planOf(parent.id)).ends_at).toEqual(
      new Date(before.ends_at.getTime() + 3 * WEEK),
    );
  });

  it('voids collection and moves the renewal at Stripe; a provider that refuses changes nothing', async () => {
    const { parent } = await memberFamily('sub_pause');
    stripeDown = true;
    await expect(pausePlan(stripeCtx, parent.id, 2)).rejects.toMatchObject({
      errorCode: 'UNAVAILABLE',
    });
    expect(await planOf(parent.id)).toMatchObject({ paused_until: null });
    expect((await lessonsOf(parent.id)).filter((l) => l.leave_at !== null)).toHaveLength(0);
    stripeDown = false;
    calls = [];
    const done = await pausePlan(stripeCtx, parent.id, 2);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/v1/subscriptions/sub_pause' });
    expect(calls[0]!.form.get('pause_collection[behavior]')).toBe('void');
    expect(calls[0]!.form.get('pause_collection[resumes_at]')).toBe(
      String(done.until.getTime() / 1000),
    );
    expect(calls[0]!.form.get('trial_end')).toBe(String(done.newEndsAt.getTime() / 1000));
  });

  it('refuses a pause out of 1–4 weeks and a parent without a plan', async () => {
    const { parent } = await memberFamily(null);
    for (const weeks of [0, 5, 1.5])
      await expect(pausePlan(t.ctx, parent.id, weeks)).rejects.toMatchObject({
        errorCode: 'BAD_REQUEST',
        messageKey: 'planPauseWeeksInvalid',
      });
    const stranger = await createParent(t.ctx);
    await expect(pausePlan(t.ctx, stranger.id, 1)).rejects.toMatchObject({
      messageKey: 'planCancelNoPlan',
    });
    expect(await planOf(parent.id)).toMatchObject({ paused_until: null });
  });
});

describe('cancelling at the period’s end, as the parent', () => {
  it('previews the lessons after the end, stops renewals once, and is not in the staff audit log', async () => {
    const { parent } = await memberFamily('sub_cancel');
    const plan = await planOf(parent.id);
    const preview = await previewParentPlanCancel(t.ctx, parent.id);
    expect(preview).toMatchObject({ alreadyCancelled: false, renews: true, balance: 200 - 0 });
    expect(preview.lessonsAfter.length).toBeGreaterThan(0);
    expect(preview.lessonsAfter.every((lesson) => lesson.starts_at >= plan.ends_at)).toBe(true);

    await Promise.all([cancelOwnPlan(stripeCtx, parent.id), cancelOwnPlan(stripeCtx, parent.id)]);
    expect(await planOf(parent.id)).toMatchObject({
      cancel_at_period_end: true,
      cancelled_at: null,
      ends_at: plan.ends_at,
    });
    // Under the parent's lock the second finds it done: Stripe is asked once.
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v1/subscriptions/sub_cancel']);
    expect(calls[0]!.form.get('cancel_at_period_end')).toBe('true');
    const audit = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from audit_log where parent_id = ${parent.id}`,
      ),
    );
    expect(audit[0]!.n).toBe(0);
    expect((await previewParentPlanCancel(t.ctx, parent.id)).alreadyCancelled).toBe(true);
  });

  it('mirrors customer.subscription.updated exactly once, however often it arrives', async () => {
    const { parent } = await memberFamily('sub_news');
    const event = {
      kind: 'subscription.updated' as const,
      id: `evt_upd_${parent.id}`,
      subscriptionId: 'sub_news',
      cancelAtPeriodEnd: true,
      pauseResumesAt: null,
    };
    expect(await handlePaymentEvent(t.ctx, event)).toBe('updated');
    expect(await handlePaymentEvent(t.ctx, event)).toBe('duplicate');
    // Another event saying the same changes nothing.
    expect(await handlePaymentEvent(t.ctx, { ...event, id: `${event.id}_b` })).toBe('ignored');
    expect((await planOf(parent.id)).cancel_at_period_end).toBe(true);
    // Renewals resumed at the provider.
    expect(
      await handlePaymentEvent(t.ctx, { ...event, id: `${event.id}_c`, cancelAtPeriodEnd: false }),
    ).toBe('updated');
    expect((await planOf(parent.id)).cancel_at_period_end).toBe(false);
    // A pause we took: the expiry moved once, the notification moves nothing.
    const pause = await pausePlan(t.ctx, parent.id, 1);
    for (const id of ['d', 'e'])
      await handlePaymentEvent(t.ctx, {
        ...event,
        id: `${event.id}_${id}`,
        cancelAtPeriodEnd: false,
        pauseResumesAt: pause.until,
      });
    expect((await planOf(parent.id)).ends_at).toEqual(pause.newEndsAt);
    const recorded = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`select count(*)::int as n from payment_events where event_id like ${`${event.id}%`}`,
      ),
    );
    expect(recorded[0]!.n).toBe(5);
  });
});
