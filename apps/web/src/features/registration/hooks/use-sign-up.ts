import { useMutation } from '@tanstack/react-query';
import type { SignUpData } from '@portal/shared/onboarding';
import { useState } from 'react';
import { completeSignIn } from '../../../lib/account';
import { ApiError } from '../../../lib/api-client';
import { notify } from '@portal/web-kit/notify';
import { registrationApi } from '../api/registration-api';
import { useCaptcha } from '../../../components/captcha/use-captcha';

/**
 * Registration with its captcha (spec §5): a solved captcha goes with the form; without one the
 * 320 px popup opens and the sign-up continues once the browser solved it. A refusal shows the
 * server's translated message; the captcha is used up either way. The answer's session signs
 * the new parent in before `onRegistered` leads on (docs/product.md → Registration and
 * onboarding): their SMS code just proved the phone, so they never ask for a second one.
 */
export function useSignUp(onRegistered: (data: SignUpData) => void) {
  const captcha = useCaptcha();
  const [dialogOpened, setDialogOpened] = useState(false);
  const signUp = useMutation({
    mutationFn: async (body: Record<string, string | number>) => {
      let solution = captcha.take();
      if (!solution) {
        setDialogOpened(true);
        await captcha.solve();
        solution = captcha.take();
        setDialogOpened(false);
      }
      const data = await registrationApi.signUp({ ...body, captcha: solution ?? '' });
      await completeSignIn(data);
      return data;
    },
    onSuccess: onRegistered,
    onError: (error) => {
      if (error instanceof ApiError && error.httpStatus !== 0) notify('yellow', error.msg);
    },
  });
  return {
    captcha,
    signUp,
    dialog: { opened: dialogOpened, onClose: () => setDialogOpened(false) },
  };
}
