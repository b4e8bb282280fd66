import { Button, Group, TextInput } from '@mantine/core';
import { VERIFICATION_CODE_LENGTH } from '@portal/shared/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Countdown } from './use-countdown';

export interface CodeFieldProps {
  /** The namespace whose `code`, `codePlaceholder`, `sendCode` and `resendIn` texts it shows. */
  ns: string;
  /** The code input's registration in the form. */
  input: UseFormRegisterReturn;
  error?: string;
  /** Started by the caller once the code is sent (`useCountdown(RESEND_COUNTDOWN_SECONDS)`). */
  countdown: Countdown;
  /** Send pressed: the caller checks the phone and sends the code. */
  onSend: () => void;
  sending: boolean;
}

/**
 * A six-digit code sent by SMS and its Send button, which counts down before it may be pressed
 * again (spec §4: 60 s).
 */
export function CodeField({ ns, input, error, countdown, onSend, sending }: CodeFieldProps) {
  const { t } = useTranslation(ns);
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
        {...input}
        error={error}
      />
      <Button
        variant="light"
        // Never narrower than its label: "Resend in 60 s" was cut to "Resend in 6" (issue #19).
        miw={130}
        style={{ flexShrink: 0 }}
        onClick={onSend}
        disabled={countdown.running}
        loading={sending}
      >
        {countdown.running ? t('resendIn', { seconds: countdown.left }) : t('sendCode')}
      </Button>
    </Group>
  );
}
