import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import { AuditListSchema, AuditQuerySchema, StaffOptionsSchema } from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import { listAuditTrail, listStaffOptions } from '../../modules/families/families.service';
import { ok } from '../envelope';
import { auditItemWire } from './families.wire';

/**
 * The audit log (docs/product.md → Staff → Audit log): read only (`audit.read`), newest first,
 * filtered by member, action, target, family and days of the school's calendar. Nothing here
 * writes, and the database refuses changes to the log.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permission: 'audit.read' } as const;
  const tags = ['ops: audit'];

  app.get(
    '/audit',
    {
      config,
      schema: {
        tags,
        summary: 'Audit entries, newest first, filtered and paged',
        querystring: AuditQuerySchema,
        response: { 200: envelope(AuditListSchema) },
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      const { items, total } = await listAuditTrail(ctx, filter, { page, pageSize });
      return ok({ items: items.map(auditItemWire), total });
    },
  );

  app.get(
    '/staff-options',
    {
      config,
      schema: {
        tags,
        summary: 'Every staff member (the audit filter)',
        response: { 200: envelope(StaffOptionsSchema) },
      },
    },
    async () => ok({ items: await listStaffOptions(ctx) }),
  );
};
