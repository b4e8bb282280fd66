import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalIsoMonth } from '@portal/shared/api';
import { TimeDiffSchema } from '@portal/shared/catalogue';
import type { AppContext } from '../../app-context';
import { openStatementPdf } from '../../modules/lessons/statement.service';
import { parentIdOf } from '../../plugins/auth';

/**
 * `month` "YYYY-MM" (absent: the current month) and `time_diff` (absent: the stored zone), as
 * the statement screen sends them (decision 035).
 */
const StatementPdfQuerySchema = z.object({
  month: optionalIsoMonth('monthInvalid'),
  time_diff: TimeDiffSchema.optional(),
});

/** `attachment; filename="statement-2026-11.pdf"` (ASCII: the month only). */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * Issue #25: the monthly statement (`MonthyuStatement`) as a PDF in the parent's language, the
 * signed-in parent's own figures only. Every figure is read before the first byte; then the
 * pdfkit document is piped to the reply.
 */
export const statementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', app.requireParent);

  app.get(
    '/statementPdf',
    {
      schema: {
        tags: ['billing'],
        summary: 'The monthly statement as PDF, in the parent’s language and zone',
        querystring: StatementPdfQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await openStatementPdf(
        ctx,
        parentIdOf(request),
        { month: request.query.month, timeDiff: request.query.time_diff },
        request.lang,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
