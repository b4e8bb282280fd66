import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  CodeLoginBodySchema,
  PhoneWithCodeSchema,
  RESEND_COUNTDOWN_SECONDS,
} from '@portal/shared/auth';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { completeSignIn } from '../../../lib/account';
import { ApiError } from '../../../lib/api-client';
import { useFormFeedback, fieldError, FormAlert } from '@portal/web-kit/forms';
import { messageText } from '../../../lib/i18n';
import { authApi } from '../api/auth-api';
import { CodeField, useCountdown } from '@portal/web-kit/code-field';
import { PhoneField } from '../../../components/phone-field';

type CodeForm = z.input<typeof CodeLoginBodySchema>;

/** The verification-code tab of `/` (spec §2): the area is fixed to +86 there. */
export function CodeSignInForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS);
  const [unknownPhone, setUnknownPhone] = useState<string | null>(null);
  const form = useForm<CodeForm>({
    resolver: zodResolver(CodeLoginBodySchema),
    defaultValues: { country_code: '86', mobile: '', code: '' },
  });

  // A wrong code is said at the code field, a refused phone at the phone field (issue #19).
  const feedback = useFormFeedback(form, {
    order: ['mobile', 'code'],
    fieldMessages: {
      verificationEmpty: 'code',
      verificationError: 'code',
      codeWrong: 'code',
      codeInvalid: 'code',
      codeTooManyTries: 'code',
      phoneEmpty: 'mobile',
      phoneError: 'mobile',
      userNotExist: 'mobile',
    },
  });

  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.msg === messageText('userNotExist'))
      setUnknownPhone(form.getValues('mobile'));
    feedback.onError(error);
  };

  const send = useMutation({
    mutationFn: authApi.sendCode,
    onSuccess: () => {
      countdown.start();
      feedback.onSuccess(t('codeSent'));
    },
    onError: showError,
  });

  const signIn = useMutation({
    mutationFn: authApi.loginWithCode,
    onSuccess: async (data) => {
      feedback.onSuccess();
      void navigate(await completeSignIn(data), { replace: true });
    },
    onError: showError,
  });

  const requestCode = () => {
    setUnknownPhone(null);
    const phone = {
      country_code: form.getValues('country_code'),
      mobile: form.getValues('mobile'),
    };
    const parsed = PhoneWithCodeSchema.safeParse(phone);
    if (!parsed.success) {
      feedback.warn(messageText(parsed.error.issues[0]?.message ?? 'phoneError'), 'mobile');
      return;
    }
    send.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      aria-describedby={feedback.alert.message ? feedback.alert.id : undefined}
      onSubmit={feedback.submit((values) => {
        setUnknownPhone(null);
        signIn.mutate(values);
      })}
    >
      <Stack gap="md">
        <FormAlert {...feedback.alert} />
        <Controller
          control={form.control}
          name="mobile"
          render={({ field, fieldState }) => (
            <PhoneField
              countryCode="86"
              mobile={field.value}
              onMobileChange={field.onChange}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <CodeField
          ns="auth"
          input={form.register('code', { setValueAs: (v: string) => v.replace(/\D+/g, '') })}
          error={fieldError(form.formState.errors.code)}
          countdown={countdown}
          onSend={requestCode}
          sending={send.isPending}
        />
        {unknownPhone && (
          <Alert color="yellow" title={t('userNotExistTitle')}>
            <Anchor
              component={Link}
              to={`${paths.newUser}?country_code=86&phone=${encodeURIComponent(unknownPhone)}`}
            >
              {t('registerInstead')}
            </Anchor>
          </Alert>
        )}
        <Button type="submit" size="md" loading={signIn.isPending}>
          {t('continue')}
        </Button>
      </Stack>
    </form>
  );
}
