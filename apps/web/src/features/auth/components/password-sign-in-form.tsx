import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { LoginBodySchema } from '@portal/shared/auth';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../config/paths';
import { completeSignIn } from '../../../lib/account';
import { ApiError } from '../../../lib/api-client';
import { fieldError, toastFirstError } from '@portal/web-kit/forms';
import { authApi } from '../api/auth-api';
import { PhoneField } from '../../../components/phone-field';
import { notify } from '@portal/web-kit/notify';

type PasswordForm = z.input<typeof LoginBodySchema>;

const SignInCaptcha = lazy(() =>
  import('./sign-in-captcha').then((m) => ({ default: m.SignInCaptcha })),
);

/** Spec §9: after a password sign-in the redirect follows after 2 s. */
export const REDIRECT_DELAY_MS = 2000;

export function PasswordSignInForm({ selectableCountry }: { selectableCountry: boolean }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { country_code: '86', mobile: '', password: '' },
  });
  // The sign-in that waits for a solved captcha (decision 030: asked after a few wrong passwords).
  const [needsCaptcha, setNeedsCaptcha] = useState<PasswordForm | null>(null);

  const signIn = useMutation({
    mutationFn: authApi.loginWithPassword,
    onSuccess: async (data) => {
      const target = await completeSignIn(data);
      notify('green', t('signedIn'));
      redirectTimer.current = window.setTimeout(
        () => void navigate(target, { replace: true }),
        REDIRECT_DELAY_MS,
      );
    },
    onError: (error, values) => {
      if (!(error instanceof ApiError) || error.httpStatus === 0) return;
      if ((error.data as { captcha_required?: boolean } | null)?.captcha_required)
        setNeedsCaptcha({ ...values, captcha: undefined });
      notify('yellow', error.msg);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        (values) => signIn.mutate(values),
        toastFirstError<PasswordForm>(['mobile', 'password']),
      )}
    >
      <Stack gap="md">
        <Controller
          control={form.control}
          name="country_code"
          render={({ field: country }) => (
            <Controller
              control={form.control}
              name="mobile"
              render={({ field, fieldState }) => (
                <PhoneField
                  countryCode={country.value}
                  onCountryChange={selectableCountry ? country.onChange : undefined}
                  mobile={field.value}
                  onMobileChange={field.onChange}
                  error={fieldError(fieldState.error)}
                />
              )}
            />
          )}
        />
        <PasswordInput
          label={t('password')}
          labelProps={{ className: 'visually-hidden' }}
          placeholder={t('passwordPlaceholder')}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
          {...form.register('password')}
          error={fieldError(form.formState.errors.password)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {t('forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={signIn.isPending || signIn.isSuccess}>
          {t('signIn')}
        </Button>
      </Stack>
      {needsCaptcha && (
        <Suspense>
          <SignInCaptcha
            onSolved={(captcha) => {
              setNeedsCaptcha(null);
              signIn.mutate({ ...needsCaptcha, captcha });
            }}
            onClose={() => setNeedsCaptcha(null)}
          />
        </Suspense>
      )}
    </form>
  );
}
