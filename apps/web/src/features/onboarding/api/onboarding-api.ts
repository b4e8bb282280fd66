import { MessageDataSchema } from '@portal/shared/auth';
import { VerifyInvitationCodeDataSchema, type SaveEmailBody } from '@portal/shared/onboarding';
import { api } from '../../../lib/api-client';

export const onboardingApi = {
  /** Spec §7 `POST /api/parent/saveEmail`; the server's text is shown after saving (spec §8). */
  saveDetails: (body: SaveEmailBody) =>
    api.post('/api/parent/saveEmail', body, { schema: MessageDataSchema }),
  /** Spec §7 `verifyInvitationCode`: `result` false means the code is unknown. */
  verifyReferral: (code: string) =>
    api.post(
      '/api/verifyInvitationCode',
      { code },
      { schema: VerifyInvitationCodeDataSchema, silent: true },
    ),
};
