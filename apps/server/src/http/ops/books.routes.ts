import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { BooksQuerySchema, BooksSchema, type Books } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import {
  getBooks,
  getBooksCsv,
  getBooksPdf,
  type BooksFigures,
} from '../../modules/books/books.service';
import { ok } from '../envelope';

function booksWire(figures: BooksFigures): Books {
  return { ...figures, asOf: figures.asOf.toISOString() };
}

/** `attachment; filename="books-2026-01-2026-06.csv"` (the name is ASCII: months only). */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * The school's books per month and currency (issue #23, decision 048 item 8): as JSON for the
 * console's screen, and as CSV or PDF downloads in the staff member's language. Reads only:
 * nothing is audited.
 */
export const booksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/books',
    {
      config: { permission: 'money.manage' },
      schema: {
        tags: ['ops'],
        summary:
          'Revenue and refunds per month and currency, credits sold, consumed, taken back and outstanding, plans started and ended',
        querystring: BooksQuerySchema,
        response: { 200: envelope(BooksSchema) },
      },
    },
    async (request) => ok(booksWire(await getBooks(ctx, request.query))),
  );

  app.get(
    '/books.csv',
    {
      config: { permission: 'money.manage' },
      schema: {
        tags: ['ops'],
        summary: 'The books as CSV (RFC 4180, UTF-8 with BOM), in the staff member’s language',
        querystring: BooksQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, body } = await getBooksCsv(ctx, request.query, request.lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/books.pdf',
    {
      config: { permission: 'money.manage' },
      schema: {
        tags: ['ops'],
        summary: 'The books as PDF, in the staff member’s language',
        querystring: BooksQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, body } = await getBooksPdf(ctx, request.query, request.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
