import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChild,
  createCourse,
  createEnrollment,
  createMembership,
} from '../../../test/factories/lessons';
import { createSignedInParent } from '../../../test/factories/parents';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { memberships } from '../../db/schema';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import { WEBHOOK_PATH } from '../platform/payments.routes';

/*
 * The parents' plan routes (issue #25) through `inject`: previews, then the cancellation at the
 * period's end and the pause, in both languages; bad input refused with a translated message
 * and nothing changed; the provider's notification replayed through the webhook.
 */

type Headers = Record<string, string>;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const zh = (headers: Headers) => ({ ...headers, 'accept-language': 'zh-CN' });

async function member(subscriptionId: string | null = null) {
  const signedIn = await createSignedInParent(t.ctx);
  const child = await createChild(t.ctx, signedIn.parent.id, 'Mia');
  await createMembership(t.ctx, signedIn.parent.id, 1);
  await t.ctx.db
    .update(memberships)
    .set({ subscription_id: subscriptionId })
    .where(eq(memberships.parent_id, signedIn.parent.id));
  const course = await createCourse(t.ctx, { slots: [[2, '12:00']], classType: 'group' });
  await createEnrollment(t.ctx, {
    parentId: signedIn.parent.id,
    studentId: child.id,
    courseId: course.id,
    weeks: 3,
  });
  return signedIn;
}
const planOf = async (parentId: number) =>
  (await t.ctx.db.select().from(memberships).where(eq(memberships.parent_id, parentId)))[0]!;

describe('plan routes', () => {
  it('need a signed-in parent', async () => {
    for (const [method, url] of [
      ['GET', '/api/planCancelPreview'],
      ['POST', '/api/planCancel'],
      ['GET', '/api/planPausePreview?weeks=1'],
      ['POST', '/api/planPause'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('previews a pause, pauses once, and says so in the parent’s language', async () => {
    const { parent, headers } = await member();
    const before = await planOf(parent.id);
    const preview = await get('/api/planPausePreview?weeks=2&time_diff=480', headers);
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({
      weeks: 2,
      paused_from: '2026-11-20',
      resumes_at: '2026-12-04',
      can_pause: true,
      reason: '',
      credits_back: 0,
    });
    // Tuesdays 12:00 UTC, seen from UTC+8.
    expect(data.lessons.map((l: { starts_at: string }) => l.starts_at)).toEqual([
      '2026-11-24 20:00',
      '2026-12-01 20:00',
    ]);
    expect(data.lessons[0]).toMatchObject({ child: 'Mia', credits: 0 });
    expect(
      (await get('/api/planPausePreview?weeks=2', zh(headers))).json().data.lessons[0].course,
    ).toMatch(/^科目/);

    const paused = await post('/api/planPause', zh(headers), { weeks: 2 });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().msg).toBe('月卡已暂停，期间的课程已请假。');
    expect(paused.json().data).toMatchObject({ paused_from: '2026-11-20' });
    expect((await planOf(parent.id)).ends_at.getTime() - before.ends_at.getTime()).toBe(
      14 * 86_400_000,
    );
    const again = await post('/api/planPause', headers, { weeks: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: 'Your plan is paused already.', data: null });
    const seen = (await get('/api/planPausePreview?weeks=1', zh(headers))).json().data;
    expect(seen).toMatchObject({ can_pause: false, reason: '您的月卡已在暂停中。' });
  });

  it('refuses weeks out of 1–4 with a translated message and changes nothing', async () => {
    const { parent, headers } = await member();
    for (const payload of [{ weeks: 0 }, { weeks: 5 }, { weeks: 'two' }, {}]) {
      const res = await post('/api/planPause', zh(headers), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('请选择 1 至 4 周的暂停时长。');
    }
    expect((await get('/api/planPausePreview?weeks=9', headers)).json().msg).toBe(
      'Please choose a pause of 1 to 4 weeks.',
    );
    expect(await planOf(parent.id)).toMatchObject({ paused_until: null });
  });

  it('previews and cancels at the period’s end; a parent without a plan is told so', async () => {
    const { parent, headers } = await member('sub_route');
    const preview = (await get('/api/planCancelPreview', headers)).json().data;
    expect(preview).toMatchObject({ already_cancelled: false, renews: true });
    const done = await post('/api/planCancel', headers);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      msg: 'Your plan will not renew. It runs until the end of its period.',
      data: { cancel_at_period_end: true, ends_at: preview.ends_at },
    });
    expect((await post('/api/planCancel', headers)).statusCode).toBe(200);
    expect((await planOf(parent.id)).cancelled_at).toBeNull();

    // The provider's notification of it, delivered twice through the webhook.
    const payload = JSON.stringify({
      id: `evt_route_${parent.id}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: 'sub_route',
          object: 'subscription',
          cancel_at_period_end: false,
          pause_collection: null,
        },
      },
    });
    const signature = await (t.ctx.providers.payments as LocalPaymentProvider).sign(payload);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await planOf(parent.id)).cancel_at_period_end).toBe(false);

    const stranger = await createSignedInParent(t.ctx);
    const none = await get('/api/planCancelPreview', zh(stranger.headers));
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('您当前没有生效中的月卡。');
    expect((await post('/api/planPause', stranger.headers, { weeks: 1 })).statusCode).toBe(404);
  });
});
