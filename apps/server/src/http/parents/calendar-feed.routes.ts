import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  CalendarFeedLinkSchema,
  CalendarFeedParamsSchema,
  CalendarFeedStatusSchema,
} from '@portal/shared/calendar';
import type { AppContext } from '../../app-context';
import { notFound } from '../../lib/app-error';
import { parentIdOf } from '../../plugins/auth';
import {
  createCalendarFeed,
  feedRateKey,
  getCalendarFeedStatus,
  renderCalendarFeed,
  tokenOfFeedFile,
} from '../../modules/calendar-feed/calendar-feed.service';
import { ok, okSaying } from '../envelope';

/**
 * The family's calendar feed (issue #24). Making and resetting the link needs the parent's
 * session; the feed itself does not: calendar apps (Google, Apple, Outlook) fetch it on their
 * own schedule without our token, so the URL's 256-bit token is the key. It is counted per
 * token, since those apps fetch from shared data-centre addresses.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.requireParent);

    signedIn.get(
      '/calendarFeed',
      {
        schema: {
          tags: ['profile'],
          summary: 'Whether the family has a calendar feed link, and since when',
          response: { 200: envelope(CalendarFeedStatusSchema) },
        },
      },
      async (request) => {
        const status = await getCalendarFeedStatus(ctx, parentIdOf(request));
        return ok({
          active: status.isActive,
          created_at: status.createdAt?.toISOString() ?? null,
        });
      },
    );

    signedIn.post(
      '/calendarFeed',
      {
        schema: {
          tags: ['profile'],
          summary:
            'Make the calendar feed link, or a new one in place of the old (which stops at once); the URL is shown only here',
          response: { 200: envelope(CalendarFeedLinkSchema) },
        },
        config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const link = await createCalendarFeed(ctx, parentIdOf(request));
        // The answer carries the only copy of the token.
        void reply.header('cache-control', 'no-store');
        return okSaying(request, link.replaced ? 'calendarFeedReset' : 'calendarFeedCreated', {
          url: link.url,
          webcal_url: link.webcalUrl,
          created_at: link.createdAt.toISOString(),
        });
      },
    );
  });

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['profile'],
        summary: 'The family’s iCalendar feed (`<token>.ics`); 404 for a token reset or never made',
        params: CalendarFeedParamsSchema,
      },
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 10 * 60_000,
          keyGenerator: (request) => {
            const { file } = request.params as { file?: string };
            const token = tokenOfFeedFile(file ?? '');
            return token ? `feed:${feedRateKey(token)}` : `ip:${request.ip}`;
          },
        },
      },
    },
    async (request, reply) => {
      const token = tokenOfFeedFile(request.params.file);
      const feed = token ? await renderCalendarFeed(ctx, token) : undefined;
      if (feed === undefined) throw notFound('calendarFeedNotFound');
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="lessons.ics"')
          // A reset must stop the old URL at once, so no cache may keep a copy.
          .header('cache-control', 'private, no-store')
          .send(feed)
      );
    },
  );
};
