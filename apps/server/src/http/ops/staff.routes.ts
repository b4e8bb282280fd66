import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@portal/shared/api';
import {
  InviteStaffAnswerSchema,
  InviteStaffBodySchema,
  NumericIdParamsSchema,
  StaffDetailSchema,
  StaffListQuerySchema,
  StaffListSchema,
  UpdateStaffBodySchema,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import {
  disableStaffMember,
  enableStaffMember,
  getStaffMember,
  inviteStaff,
  listStaff,
  resetSecondFactor,
  updateStaffMember,
  type Actor,
  type StaffMemberDetail,
} from '../../modules/staff/staff.service';
import { ok } from '../envelope';
import { staffOf } from './index';
import { memberDetailWire, memberWire } from './staff.wire';

const actorOf = (request: FastifyRequest): Actor => ({
  staffId: staffOf(request).staffId,
  ip: request.ip,
});

/** The member as they now are, in the envelope; `current` marks the asking member's session. */
const memberOk = (request: FastifyRequest, member: StaffMemberDetail) =>
  ok(memberDetailWire(member, staffOf(request).sessionId));

const logMailFailure = (request: FastifyRequest) => (error: unknown) =>
  request.log.error({ err: error }, 'staff set-up e-mail failed');

/**
 * Staff management (docs/product.md → Staff → Staff management): admins only (`staff.manage`).
 * Every change answers the member as it now is, with their live sessions.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permission: 'staff.manage' } as const;
  const memberAnswer = { 200: envelope(StaffDetailSchema) };

  app.get(
    '/staff',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'Staff members, newest first, filtered and paged',
        querystring: StaffListQuerySchema,
        response: { 200: envelope(StaffListSchema) },
      },
      config,
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      const { items, total } = await listStaff(ctx, filter, { page, pageSize });
      return ok({ items: items.map(memberWire), total });
    },
  );

  app.post(
    '/staff',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'Invite a member: a set-up link good for 48 hours is e-mailed',
        body: InviteStaffBodySchema,
        response: { 200: envelope(InviteStaffAnswerSchema) },
      },
      config,
    },
    async (request) =>
      ok(await inviteStaff(ctx, actorOf(request), request.body, logMailFailure(request))),
  );

  app.get(
    '/staff/:id',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'A member with their live sessions',
        params: NumericIdParamsSchema,
        response: memberAnswer,
      },
      config,
    },
    async (request) => memberOk(request, await getStaffMember(ctx, request.params.id)),
  );

  app.post(
    '/staff/:id',
    {
      schema: {
        tags: ['ops: staff'],
        summary: "Rename a member or change their role (not one's own role)",
        params: NumericIdParamsSchema,
        body: UpdateStaffBodySchema,
        response: memberAnswer,
      },
      config,
    },
    async (request) =>
      memberOk(
        request,
        await updateStaffMember(ctx, actorOf(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/staff/:id/disable',
    {
      schema: {
        tags: ['ops: staff'],
        summary: "Disable a member: their sessions end at once (not one's own account)",
        params: NumericIdParamsSchema,
        response: memberAnswer,
      },
      config,
    },
    async (request) =>
      memberOk(request, await disableStaffMember(ctx, actorOf(request), request.params.id)),
  );

  app.post(
    '/staff/:id/enable',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'Enable a disabled member',
        params: NumericIdParamsSchema,
        response: memberAnswer,
      },
      config,
    },
    async (request) =>
      memberOk(request, await enableStaffMember(ctx, actorOf(request), request.params.id)),
  );

  app.post(
    '/staff/:id/reset-second-factor',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'Reset the second factor: sessions end, a new set-up link is e-mailed',
        params: NumericIdParamsSchema,
        response: memberAnswer,
      },
      config,
    },
    async (request) =>
      memberOk(
        request,
        await resetSecondFactor(ctx, actorOf(request), request.params.id, logMailFailure(request)),
      ),
  );
};
