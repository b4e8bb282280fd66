import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  CheckUserBodySchema,
  CheckUserDataSchema,
  CodeLoginBodySchema,
  LoginBodySchema,
  LoginDataSchema,
  MessageDataSchema,
  PostEmailQuerySchema,
  ResetByEmailBodySchema,
  SendCodeBodySchema,
  SetPasswordBodySchema,
  VerifyCodeBodySchema,
  VerifyCodeDataSchema,
} from '@portal/shared/auth';
import { envelope } from '@portal/shared/api';
import { translate } from '../../lib/catalogue';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { forgetSession, parentIdOf } from '../../plugins/auth';
import {
  changePassword,
  checkUser,
  hasPassword,
  logout,
  requestPasswordReset,
  resetPasswordWithLink,
  setFirstPassword,
} from '../../modules/auth/auth.service';
import { checkCode, sendCode } from '../../modules/auth/codes.service';
import {
  loginWithCode,
  loginWithPassword,
  refuseStrangersWhenBooked,
  type SignedIn,
} from '../../modules/auth/sign-in.service';
import { ok, okSaying } from '../envelope';

const NullData = envelope(z.null());

/**
 * Spec §7 login `data`: the device token only when a new one was issued (decision 030), the
 * pending deletion's date only while one is pending (issue #25).
 */
const signInWire = (signedIn: SignedIn) => ({
  token: signedIn.token,
  status: signedIn.status,
  user_sn: signedIn.userSn,
  ...(signedIn.deviceToken ? { device_token: signedIn.deviceToken } : {}),
  ...(signedIn.deletionDueAt ? { deletion_due_at: signedIn.deletionDueAt.toISOString() } : {}),
});

/** The answer that carries its message twice, in `msg` and in `data.message` (spec §7). */
const saying = (message: string) => ok({ message }, message);
/** Per-IP limits on the sign-in door; per-phone and per-account limits live in the services. */
const PER_IP = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** Sign-in, codes and passwords (spec §7 "Auth"): the legacy names stay as spelled here. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with phone and password',
        body: LoginBodySchema,
        response: { 200: envelope(LoginDataSchema) },
      },
      // A booked instance refuses strangers before the per-address counter is written: the
      // counter is a database write that a flood of quick refusals would otherwise pay for.
      preValidation: async (request) =>
        refuseStrangersWhenBooked(ctx, (request.body as { device?: unknown } | undefined)?.device),
      config: { rateLimit: { ...PER_IP(30).rateLimit, hook: 'preHandler' } },
    },
    async (request) =>
      ok(
        signInWire(
          await loginWithPassword(ctx, request.body, {
            ip: request.ip,
            language: request.lang,
            log: (error) => request.log.error({ err: error }, 'sign-in notice failed'),
          }),
        ),
      ),
  );

  app.post(
    '/login/verify-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send an SMS code (scene "register" for a phone without an account)',
        body: SendCodeBodySchema,
        response: { 200: NullData },
      },
      config: PER_IP(20),
    },
    async (request) => {
      const { mobile, country_code, scene, captcha } = request.body;
      await sendCode(ctx, { mobile, country_code }, scene ?? 'login', request.ip, request.lang, {
        captcha,
        warn: (details, message) => request.log.warn(details, message),
      });
      return okSaying(request, 'codeSent', null);
    },
  );

  app.post(
    '/verify-code-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an SMS code',
        body: CodeLoginBodySchema,
        response: { 200: envelope(LoginDataSchema) },
      },
      config: PER_IP(30),
    },
    async (request) => ok(signInWire(await loginWithCode(ctx, request.body, { ip: request.ip }))),
  );

  app.post(
    '/verifyCode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check an SMS code without using it up',
        body: VerifyCodeBodySchema,
        response: { 200: envelope(VerifyCodeDataSchema) },
      },
      config: PER_IP(30),
    },
    async (request) => {
      const { mobile, country_code, code, scene } = request.body;
      await checkCode(ctx, { mobile, country_code }, scene ?? 'login', code, false);
      return ok({ valid: true as const });
    },
  );

  app.post(
    '/checkUser',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a phone has an account',
        body: CheckUserBodySchema,
        response: { 200: envelope(CheckUserDataSchema) },
      },
      config: PER_IP(30),
    },
    async (request) => {
      const { exists, status } = await checkUser(ctx, request.body);
      return ok({ is_exist: exists, status });
    },
  );

  app.post(
    '/user/password',
    {
      onRequest: app.requireParent,
      schema: {
        tags: ['auth'],
        summary: 'Change the password (ends other sessions)',
        body: ChangePasswordBodySchema,
        response: { 200: NullData },
      },
      config: PER_IP(20),
    },
    async (request) => {
      await changePassword(ctx, request.session!, request.body.old_pwd, request.body.new_pwd);
      return okSaying(request, 'passwordSaved', null);
    },
  );

  app.post(
    '/setPassword',
    {
      onRequest: app.requireParent,
      schema: {
        tags: ['auth'],
        summary: 'Set a first password',
        body: SetPasswordBodySchema,
        response: { 200: NullData },
      },
    },
    async (request) => {
      await setFirstPassword(ctx, parentIdOf(request), request.body.password);
      return okSaying(request, 'passwordSaved', null);
    },
  );

  app.post(
    '/judePasswordIshad',
    {
      onRequest: app.requireParent,
      schema: {
        tags: ['auth'],
        summary: '200 when the parent has a password, 400 when not',
        response: { 200: envelope(MessageDataSchema) },
      },
    },
    async (request) => {
      // Spec §7: 400 means "no password yet" and the client goes on to set one.
      if (!(await hasPassword(ctx, parentIdOf(request))))
        throw new AppError('BAD_REQUEST', 'passwordNotSet');
      return saying('ok');
    },
  );

  app.get(
    '/postemail',
    {
      schema: {
        tags: ['auth'],
        summary:
          'E-mail a one-time password reset link (same answer whether the address is known or not)',
        querystring: PostEmailQuerySchema,
        response: { 200: envelope(MessageDataSchema) },
      },
      config: PER_IP(5),
    },
    async (request) => {
      await requestPasswordReset(ctx, request.query.email, request.lang, (error) =>
        request.log.error({ err: error }, 'reset e-mail failed'),
      );
      return saying(translate(request.lang, 'emailBeSend'));
    },
  );

  app.post(
    '/resetPasswordByEmail',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed link (ends every session)',
        body: ResetByEmailBodySchema,
        response: { 200: NullData },
      },
      config: PER_IP(10),
    },
    async (request) => {
      await resetPasswordWithLink(ctx, request.body.token, request.body.password);
      return okSaying(request, 'passwordSaved', null);
    },
  );

  app.post(
    '/user/logout',
    {
      onRequest: app.requireParent,
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        response: { 200: envelope(MessageDataSchema) },
      },
    },
    async (request, reply) => {
      await logout(ctx, request.session!.sessionId);
      // Ended: the onSend hook must not set it again (request.session goes with it).
      request.session = null;
      forgetSession(reply);
      return saying(translate(request.lang, 'loggedOut'));
    },
  );
};
