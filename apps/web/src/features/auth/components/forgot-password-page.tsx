import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { PostEmailQuerySchema } from '@portal/shared/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../config/paths';
import { fieldError, toastFirstError } from '@portal/web-kit/forms';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';

type EmailForm = z.input<typeof PostEmailQuerySchema>;

/** `/emailFindPsw`: a one-time reset link by e-mail; the answer never says whether the address is known. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const form = useForm<EmailForm>({
    resolver: zodResolver(PostEmailQuerySchema),
    defaultValues: { email: '' },
  });
  const send = useMutation({ mutationFn: (email: string) => authApi.requestResetEmail(email) });

  return (
    <AuthCard title={t('forgotTitle')} subtitle={t('forgotSubtitle')}>
      {send.isSuccess ? (
        <Alert color="green" title={t('checkMailTitle')} role="status">
          {send.data.message}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(
            (values) => send.mutate(values.email),
            toastFirstError<EmailForm>(['email']),
          )}
        >
          <Stack gap="md">
            <TextInput
              label={t('email')}
              type="email"
              autoComplete="email"
              placeholder="name@example.com"
              {...form.register('email')}
              error={fieldError(form.formState.errors.email)}
            />
            <Button type="submit" size="md" loading={send.isPending}>
              {t('sendLink')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.signInPassword} size="sm">
        {t('backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
