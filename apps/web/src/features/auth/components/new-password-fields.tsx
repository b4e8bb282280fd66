import { PasswordInput, Stack } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '@portal/web-kit/forms';

/** New password + confirmation, shared by the reset-link and /resetPassword screens. */
export function NewPasswordFields({
  form,
}: {
  form: UseFormReturn<{ password: string; confirm: string }>;
}) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <PasswordInput
        label={t('newPassword')}
        description={t('passwordRule')}
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
        {...form.register('password')}
        error={fieldError(form.formState.errors.password)}
      />
      <PasswordInput
        label={t('confirmPassword')}
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
        {...form.register('confirm')}
        error={fieldError(form.formState.errors.confirm)}
      />
    </Stack>
  );
}
