import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { SignInBodySchema, type SignInStep } from '@portal/shared/staff';
import { FormAlert, fieldError, useFormFeedback } from '@portal/web-kit/forms';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { authApi } from '../api';

type Values = z.input<typeof SignInBodySchema>;

/** E-mail and password: the answer is a ticket for the code (or the enrolment) step. */
export function PasswordStep({
  expired,
  onNext,
}: {
  /** The last ticket ran out: say why the member is back here. */
  expired: boolean;
  onNext: (step: SignInStep) => void;
}) {
  const { t } = useTranslation('auth');
  const form = useForm<Values, unknown, z.output<typeof SignInBodySchema>>({
    resolver: zodResolver(SignInBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const feedback = useFormFeedback(form, { order: ['email', 'password'] });
  const signIn = useMutation({
    mutationFn: authApi.signIn,
    onSuccess: (step) => {
      feedback.onSuccess();
      onNext(step);
    },
    onError: (error) => {
      form.resetField('password');
      feedback.onError(error);
    },
  });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('signInTitle')}
      </Title>
      <Text c="gray.7" size="sm">
        {t('signInIntro')}
      </Text>
      {expired && (
        <Alert color="yellow" variant="light">
          {t('ticketExpired')}
        </Alert>
      )}
      <form noValidate onSubmit={feedback.submit((values) => signIn.mutate(values))}>
        <Stack gap="md">
          <FormAlert {...feedback.alert} />
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="username"
            autoFocus
            {...form.register('email')}
            error={fieldError(form.formState.errors.email)}
          />
          <PasswordInput
            label={t('password')}
            autoComplete="current-password"
            {...form.register('password')}
            error={fieldError(form.formState.errors.password)}
          />
          <Button type="submit" loading={signIn.isPending}>
            {t('continue')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
