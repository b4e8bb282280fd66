import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ChangePasswordFormSchema,
  SetPasswordFormSchema,
  type ChangePasswordForm,
} from '@portal/shared/auth';
import { useDisclosure } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError, toastFirstError } from '@portal/web-kit/forms';
import { notify } from '@portal/web-kit/notify';
import { profileApi, profileQueryOptions } from '../api/profile-api';

/** One form for both: `current` is asked (and checked) only when a password exists. */
type PasswordForm = Partial<Pick<ChangePasswordForm, 'current'>> &
  Omit<ChangePasswordForm, 'current'>;

/**
 * Profile → password (issue #19). The profile already knows whether a password exists
 * (`has_password`), so the form opens here without asking the server first (no warning toast,
 * no 400 on the normal path), and after saving the parent stays where they are, signed in:
 * nothing here sends a signed-in parent to the sign-in page.
 */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [open, panel] = useDisclosure(false);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(hasPassword ? ChangePasswordFormSchema : SetPasswordFormSchema),
    defaultValues: hasPassword
      ? { current: '', password: '', confirm: '' }
      : { password: '', confirm: '' },
  });
  const save = useMutation({
    mutationFn: (values: PasswordForm) =>
      hasPassword
        ? profileApi.changePassword(values.current ?? '', values.password)
        : profileApi.setPassword(values.password),
    onSuccess: async () => {
      notify('green', t('passwordSaved'));
      form.reset();
      panel.close();
      await queryClient.invalidateQueries(profileQueryOptions());
    },
  });
  const errors = form.formState.errors;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">{hasPassword ? t('passwordSet') : t('passwordNotSet')}</Text>
        {!open && (
          <Button variant="light" onClick={panel.open} aria-expanded={false}>
            {hasPassword ? t('changePassword') : t('setPassword')}
          </Button>
        )}
      </Group>
      {open && (
        <form
          id="password-form"
          noValidate
          onSubmit={form.handleSubmit(
            (values) => save.mutate(values),
            toastFirstError<PasswordForm>(['current', 'password', 'confirm']),
          )}
        >
          <Stack gap="md">
            {hasPassword && (
              <PasswordInput
                label={t('currentPassword')}
                autoComplete="current-password"
                visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
                {...form.register('current')}
                error={fieldError(errors.current)}
              />
            )}
            <PasswordInput
              label={t('newPassword')}
              description={t('passwordRule')}
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
              {...form.register('password')}
              error={fieldError(errors.password)}
            />
            <PasswordInput
              label={t('confirmPassword')}
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
              {...form.register('confirm')}
              error={fieldError(errors.confirm)}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  form.reset();
                  panel.close();
                }}
              >
                {t('cancel', { ns: 'common' })}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('savePassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
