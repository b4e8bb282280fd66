import { useMutation } from '@tanstack/react-query';
import { PhoneWithCodeSchema, RESEND_COUNTDOWN_SECONDS } from '@portal/shared/auth';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/i18n';
import { notify } from '@portal/web-kit/notify';
import { CodeField, useCountdown } from '@portal/web-kit/code-field';
import { registrationApi, type PhoneInput } from '../api/registration-api';
import { CaptchaDialog } from '../../../components/captcha/captcha-dialog';
import { useCaptcha } from '../../../components/captcha/use-captcha';

/**
 * The six-digit SMS code of a registration: the kit's `CodeField` in the registration's texts,
 * with its 60 s countdown (spec §4), scene "register" (a phone with an account is told to sign
 * in instead). Each code costs a proof of work (decision 030): the browser solves a captcha of
 * its own for it, in the popup, before sending; the sign-up's captcha is a separate one.
 */
export function RegisterCodeField({
  phone,
  registration,
  error,
}: {
  /** Reads the phone when Send is pressed. */
  phone: () => PhoneInput;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useTranslation('registration');
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS);
  const captcha = useCaptcha();
  const [dialogOpened, setDialogOpened] = useState(false);
  const send = useMutation({
    mutationFn: async (input: PhoneInput) => {
      let solution = captcha.take();
      if (!solution) {
        setDialogOpened(true);
        try {
          await captcha.solve();
        } finally {
          setDialogOpened(false);
        }
        solution = captcha.take();
      }
      return registrationApi.sendCode({ ...input, captcha: solution ?? '' });
    },
    onSuccess: () => {
      countdown.start();
      notify('green', t('codeSent'));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.httpStatus !== 0) notify('yellow', failure.msg);
    },
  });
  const requestCode = () => {
    const parsed = PhoneWithCodeSchema.safeParse(phone());
    if (!parsed.success) {
      notify('yellow', messageText(parsed.error.issues[0]?.message ?? 'phoneError'));
      return;
    }
    send.mutate(parsed.data);
  };

  return (
    <>
      <CodeField
        ns="registration"
        input={registration}
        error={error}
        countdown={countdown}
        onSend={requestCode}
        sending={send.isPending}
      />
      <CaptchaDialog
        captcha={captcha}
        opened={dialogOpened}
        onClose={() => setDialogOpened(false)}
      />
    </>
  );
}
