import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { RecoveryCodeSchema, TotpCodeSchema, type VerifyAnswer } from '@portal/shared/staff';
import { FormAlert, fieldError, messageKeyOf, useFormFeedback } from '@portal/web-kit/forms';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { authApi } from '../api';

const TotpFormSchema = z.object({ code: TotpCodeSchema });
const RecoveryFormSchema = z.object({ code: RecoveryCodeSchema });
type CodeFormValues = z.input<typeof TotpFormSchema>;

export interface CodeFormProps {
  ticket: string;
  /** A 6-digit code of the authenticator app, or a recovery code. */
  mode: 'totp' | 'recovery';
  label: string;
  onVerified: (answer: VerifyAnswer) => void;
  /** The ticket is no longer good (10 minutes, single use): sign-in starts again. */
  onExpired: () => void;
}

/** The second step of sign-in and enrolment: POST /api/ops/auth/verify with the ticket. */
export function CodeForm({ ticket, mode, label, onVerified, onExpired }: CodeFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(mode === 'totp' ? TotpFormSchema : RecoveryFormSchema),
    defaultValues: { code: '' },
  });
  const feedback = useFormFeedback(form, {
    order: ['code'],
    fieldMessages: { staffCodeInvalid: 'code', staffCodeEmpty: 'code' },
  });
  const verify = useMutation({
    mutationFn: ({ code }: CodeFormValues) =>
      authApi.verify(mode === 'totp' ? { ticket, code } : { ticket, recoveryCode: code }),
    onSuccess: (answer) => {
      feedback.onSuccess();
      onVerified(answer);
    },
    onError: (error) => {
      if (error instanceof ApiError && messageKeyOf(error.msg, ['staffTicketInvalid'])) {
        onExpired();
        return;
      }
      form.resetField('code');
      feedback.onError(error);
    },
  });
  const totp = mode === 'totp';
  return (
    <form noValidate onSubmit={feedback.submit((values) => verify.mutate(values))}>
      <Stack gap="md">
        <FormAlert {...feedback.alert} />
        <TextInput
          label={label}
          autoComplete={totp ? 'one-time-code' : 'off'}
          inputMode={totp ? 'numeric' : 'text'}
          spellCheck={false}
          maxLength={totp ? 7 : 20}
          placeholder={totp ? '123456' : 'abcde-12345'}
          styles={{
            input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 2 },
          }}
          data-autofocus
          autoFocus
          {...form.register('code')}
          error={fieldError(form.formState.errors.code)}
        />
        <Button type="submit" loading={verify.isPending}>
          {t('verify')}
        </Button>
      </Stack>
    </form>
  );
}
