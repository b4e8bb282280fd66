import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@portal/shared/api';
import {
  MeSchema,
  NumericIdParamsSchema,
  SetupAnswerSchema,
  SetupBodySchema,
  SetupInfoSchema,
  SetupTokenParamsSchema,
  SignInBodySchema,
  SignInStepSchema,
  StaffSessionListSchema,
  VerifyAnswerSchema,
  VerifyBodySchema,
} from '@portal/shared/staff';
import type { AppContext } from '../../app-context';
import {
  completeSetup,
  getSetupInfo,
  signInStaff,
  verifyStaffSignIn,
} from '../../modules/staff/staff-sign-in.service';
import {
  listStaffSessions,
  revokeOwnSession,
  signOutStaff,
} from '../../modules/staff/staff-sessions.service';
import { getMe } from '../../modules/staff/staff.service';
import { ok } from '../envelope';
import { PUBLIC, staffOf } from './index';
import { originOf, sessionWire } from './staff.wire';

const NullData = envelope(z.null());
/** Per client address; per e-mail and per member limits live in the sign-in service. */
const perIp = (max: number) => ({ max, timeWindow: 60_000 });

/**
 * Staff sign-in, set-up links and the member's own account (docs/product.md → Staff). The sign-in
 * and set-up routes are public and rate limited per address; the rest need a session.
 */
export const staffAuthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/sign-in',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'Staff sign-in, step one: e-mail and password → a ticket for the second factor',
        body: SignInBodySchema,
        response: { 200: envelope(SignInStepSchema) },
      },
      config: { permission: PUBLIC, rateLimit: perIp(20) },
    },
    async (request) => ok(await signInStaff(ctx, request.body, originOf(request))),
  );

  app.post(
    '/auth/verify',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'Step two: the ticket and a TOTP or recovery code → a 12-hour session',
        body: VerifyBodySchema,
        response: { 200: envelope(VerifyAnswerSchema) },
      },
      config: { permission: PUBLIC, rateLimit: perIp(30) },
    },
    async (request) => {
      const signedIn = await verifyStaffSignIn(ctx, request.body, originOf(request));
      return ok({
        token: signedIn.token,
        expiresAt: signedIn.expiresAt.toISOString(),
        me: signedIn.me,
        ...(signedIn.recoveryCodes ? { recoveryCodes: signedIn.recoveryCodes } : {}),
      });
    },
  );

  app.post(
    '/auth/sign-out',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'End the session this request came with',
        response: { 200: NullData },
      },
      config: { permission: 'self.manage' },
    },
    async (request) => {
      const { staffId, sessionId } = staffOf(request);
      await signOutStaff(ctx, { staffId, sessionId, ip: request.ip });
      return ok(null);
    },
  );

  app.get(
    '/setup/:token',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'Who a set-up link is for',
        params: SetupTokenParamsSchema,
        response: { 200: envelope(SetupInfoSchema) },
      },
      config: { permission: PUBLIC, rateLimit: perIp(20) },
      // The link's token is in the path: no "request completed" line (info) may carry it.
      logLevel: 'warn',
    },
    async (request) => ok(await getSetupInfo(ctx, request.params.token)),
  );

  app.post(
    '/setup',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'Use a set-up link: name and password → the enrolment step',
        body: SetupBodySchema,
        response: { 200: envelope(SetupAnswerSchema) },
      },
      config: { permission: PUBLIC, rateLimit: perIp(10) },
    },
    async (request) => ok(await completeSetup(ctx, request.body, originOf(request))),
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['ops: staff'],
        summary: 'The signed-in member and what their role may do',
        response: { 200: envelope(MeSchema) },
      },
      config: { permission: 'self.manage' },
    },
    async (request) => ok(await getMe(ctx, staffOf(request).staffId)),
  );

  app.get(
    '/me/sessions',
    {
      schema: {
        tags: ['ops: staff'],
        summary: "The member's live sessions",
        response: { 200: envelope(StaffSessionListSchema) },
      },
      config: { permission: 'self.manage' },
    },
    async (request) => {
      const { staffId, sessionId } = staffOf(request);
      const sessions = await listStaffSessions(ctx, staffId);
      return ok({
        items: sessions.map((session) => sessionWire(session, sessionId)),
        total: sessions.length,
      });
    },
  );

  app.post(
    '/me/sessions/:id/revoke',
    {
      schema: {
        tags: ['ops: staff'],
        summary: "Revoke one of the member's own sessions",
        params: NumericIdParamsSchema,
        response: { 200: NullData },
      },
      config: { permission: 'self.manage' },
    },
    async (request) => {
      await revokeOwnSession(
        ctx,
        { staffId: staffOf(request).staffId, ip: request.ip },
        request.params.id,
      );
      return ok(null);
    },
  );
};
