import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  DataExportDownloadQuerySchema,
  DataExportSchema,
  type DataExport,
} from '@portal/shared/profile';
import type { AppContext } from '../../app-context';
import { translate } from '../../lib/catalogue';
import { parentIdOf } from '../../plugins/auth';
import {
  downloadDataExport,
  getLatestDataExport,
  requestDataExport,
  type DataExportView,
} from '../../modules/family-data/export.service';
import { ok, okSaying } from '../envelope';

function dataExportWire(view: DataExportView): DataExport {
  return {
    status: view.status,
    requested_at: view.requestedAt.toISOString(),
    ready_at: view.readyAt?.toISOString() ?? null,
    expires_at: view.expiresAt?.toISOString() ?? null,
    downloaded_at: view.downloadedAt?.toISOString() ?? null,
    size_bytes: view.sizeBytes,
  };
}

/** HTTP 410 Gone: a link used once already, or past its 7 days (or never issued). */
const GONE = 410;

/**
 * "Download my data" (issue #25). Asking and the status need the parent's session; the download
 * does not: it is the link e-mailed to the parent, opened from a mail client where the app's
 * bearer token is not sent. Its 256-bit token, used once and kept only as a hash, is the key.
 */
export const familyDataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.requireParent);

    signedIn.post(
      '/dataExport',
      {
        schema: {
          tags: ['profile'],
          summary:
            'Ask for a copy of the family’s data (a second request while one is being built answers that one)',
          response: { 200: envelope(DataExportSchema) },
        },
        config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      },
      async (request) =>
        okSaying(
          request,
          'dataExportRequested',
          dataExportWire(await requestDataExport(ctx, parentIdOf(request), request.lang)),
        ),
    );

    signedIn.get(
      '/dataExport',
      {
        schema: {
          tags: ['profile'],
          summary: 'The latest data export and where it is; null when none was asked for',
          response: { 200: envelope(DataExportSchema.nullable()) },
        },
      },
      async (request) => {
        const view = await getLatestDataExport(ctx, parentIdOf(request));
        return ok(view && dataExportWire(view));
      },
    );
  });

  app.get(
    '/dataExport/download',
    {
      schema: {
        tags: ['profile'],
        summary:
          'The data export ZIP, through the e-mailed single-use link (410 once used or expired)',
        querystring: DataExportDownloadQuerySchema,
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const taken = await downloadDataExport(ctx, request.query.token);
      if (!taken)
        return reply.code(GONE).send({
          code: GONE,
          msg: translate(request.lang, 'dataExportLinkGone'),
          data: null,
        });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${taken.fileName}"`)
        .header('cache-control', 'no-store')
        .send(taken.file);
    },
  );
};
