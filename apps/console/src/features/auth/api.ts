import { queryOptions } from '@tanstack/react-query';
import {
  SetupAnswerSchema,
  SetupInfoSchema,
  SignInStepSchema,
  VerifyAnswerSchema,
  type SetupBody,
  type SignInBody,
  type VerifyBody,
} from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

/** The staff sign-in and set-up calls (helper A's routes, `@portal/shared/staff` accounts.ts). */
export const authApi = {
  /** Password first: the answer asks for a code, or for enrolment when there is no second factor. */
  signIn: (body: SignInBody) =>
    api.post(`${OPS_API}/auth/sign-in`, body, { schema: SignInStepSchema }),
  /** The ticket and a TOTP code or a recovery code: the session. */
  verify: (body: VerifyBody) =>
    api.post(`${OPS_API}/auth/verify`, body, { schema: VerifyAnswerSchema, silent: true }),
  /** Name and password from a set-up link: the enrolment step. */
  setup: (body: SetupBody) => api.post(`${OPS_API}/setup`, body, { schema: SetupAnswerSchema }),
};

/** GET /api/ops/setup/:token — who the link is for; refused when it is unknown or expired. */
export const setupInfoQuery = (token: string) =>
  queryOptions({
    queryKey: ['ops', 'setup', token],
    queryFn: () =>
      api.get(`${OPS_API}/setup/${encodeURIComponent(token)}`, {
        schema: SetupInfoSchema,
        silent: true,
      }),
    staleTime: Infinity,
    retry: false,
  });
