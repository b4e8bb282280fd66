import { Button, Group, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  PhoneWithCodeSchema,
  RESEND_COUNTDOWN_SECONDS,
  VERIFICATION_CODE_LENGTH,
} from '@portal/shared/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCountdown } from '../../../lib/use-countdown';
import { registrationApi, type PhoneInput } from '../api/registration-api';

/**
 * The six-digit SMS code of a registration with its Send button: 60 s countdown (spec §4), scene
 * "register" (a phone with an account is told to sign in instead).
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
  const send = useMutation({
    mutationFn: registrationApi.sendCode,
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
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t('code')}
        labelProps={{ className: 'visually-hidden' }}
        placeholder={t('codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
        {...registration}
        error={error}
      />
      <Button
        variant="light"
        w={130}
        onClick={requestCode}
        disabled={countdown.running}
        loading={send.isPending}
      >
        {countdown.running ? t('resendIn', { seconds: countdown.left }) : t('sendCode')}
      </Button>
    </Group>
  );
}
