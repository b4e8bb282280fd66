import type { SignUpData } from '@portal/shared/onboarding';
import type { Registered } from '../../modules/registration/registration.service';

/** Spec §7 signUpUser's `data`: the new parent's number, their adviser's code and a session. */
export function signUpWire(registered: Registered): SignUpData {
  return {
    user_sn: registered.userSn,
    invite_code: registered.inviteCode,
    token: registered.token,
    status: registered.status,
  };
}
