import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import {
  LocalPayBodySchema,
  LocalPayResultSchema,
  LocalSessionQuerySchema,
  LocalSessionSchema,
} from '@portal/shared/billing';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { handlePaymentEvent } from '../../modules/billing/fulfilment.service';
import {
  getLocalCheckout,
  localCheckoutNotification,
} from '../../modules/billing/local-checkout.service';
import { parentIdOf } from '../../plugins/auth';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import { ok } from '../envelope';
import { toOrderSummary } from '../parents/billing.wire';

export const WEBHOOK_PATH = '/api/payments/webhook';

/**
 * The provider's notifications (no parent, no session: the signature is the proof). The body is
 * read raw (the signature covers its exact bytes), verified, recorded and acted on in one
 * transaction, and answered 2xx at once; a bad or stale signature is a 400 and writes nothing.
 */
export const paymentsWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ['billing'],
        summary: 'Payment provider notifications (signed)',
        response: { 200: envelope(z.object({ received: z.boolean(), outcome: z.string() })) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = await ctx.providers.payments.verifyNotification(
        String(request.body ?? ''),
        typeof signature === 'string' ? signature : undefined,
      );
      const outcome = await handlePaymentEvent(ctx, event);
      if (outcome === 'mismatch' || outcome === 'unknown_session')
        request.log.warn(
          { eventId: event.id, kind: event.kind, outcome },
          'payment notification refused',
        );
      else
        request.log.info({ eventId: event.id, kind: event.kind, outcome }, 'payment notification');
      return ok({ received: true, outcome });
    },
  );
};

/**
 * The local checkout page's calls (docs/architecture.md → Outside services): read the order of a
 * session, and Pay or Cancel, which send a locally signed notification through the webhook
 * route above. Registered only while the local provider is active.
 */
export const localCheckoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const provider = ctx.providers.payments as LocalPaymentProvider;
  app.addHook('onRequest', app.requireParent);

  app.get(
    '/api/local-checkout/session',
    {
      schema: {
        tags: ['billing'],
        summary: 'The order behind a local checkout session',
        querystring: LocalSessionQuerySchema,
        response: { 200: envelope(LocalSessionSchema) },
      },
    },
    async (request) => {
      const found = await getLocalCheckout(ctx, parentIdOf(request), request.query.session);
      return ok({ session: found.sessionId, order: toOrderSummary(found.order, request.lang) });
    },
  );

  for (const action of ['pay', 'cancel'] as const) {
    app.post(
      `/api/local-checkout/${action}`,
      {
        schema: {
          tags: ['billing'],
          summary:
            action === 'pay' ? 'Pay a local checkout session' : 'Cancel a local checkout session',
          body: LocalPayBodySchema,
          response: { 200: envelope(LocalPayResultSchema) },
        },
      },
      async (request) => {
        const { payload, orderNo } = await localCheckoutNotification(
          ctx,
          parentIdOf(request),
          request.body.session,
          action,
        );
        // Delivered like the provider would: signed, to the webhook route.
        const delivered = await app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': await provider.sign(payload),
          },
          payload,
        });
        if (delivered.statusCode !== 200) throw new AppError('UNAVAILABLE', 'paymentUnavailable');
        return ok({
          redirect:
            action === 'pay'
              ? `/paySuccess?order_no=${orderNo}`
              : `/payError?order_no=${orderNo}&cancelled=1`,
        });
      },
    );
  }
};
