import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  ChangePasswordFormSchema,
  SetPasswordFormSchema,
  type ChangePasswordForm,
  type SetPasswordForm,
} from '@portal/shared/auth';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { fieldError, toastFirstError } from '@portal/web-kit/forms';
import { homePathFor } from '../../../lib/account';
import { storage } from '../../../lib/storage';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';
import { SavedNotice } from './saved-notice';

/**
 * `/resetPassword?type=1` changes the password with the current one; `type=0` sets a first one
 * (spec §2). No token → `/`; onboarding not done → `/email`.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const info = storage.getUserInfo();
  const withCurrent = params.get('type') !== '0';
  const changeForm = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const setForm = useForm<SetPasswordForm>({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const save = useMutation({
    mutationFn: (values: { current?: string; password: string }) =>
      withCurrent
        ? authApi.changePassword(values.current ?? '', values.password)
        : authApi.setPassword(values.password),
  });

  if (!storage.getToken()) return <Navigate to={paths.signIn} replace />;
  if (info?.status === 0) return <Navigate to={paths.onboardingEmail} replace />;

  return (
    <AuthCard title={withCurrent ? t('changeTitle') : t('setTitle')}>
      {save.isSuccess ? (
        <SavedNotice />
      ) : withCurrent ? (
        <form
          noValidate
          onSubmit={changeForm.handleSubmit(
            (values) => save.mutate(values),
            toastFirstError<ChangePasswordForm>(['current', 'password', 'confirm']),
          )}
        >
          <Stack gap="md">
            <PasswordInput
              label={t('currentPassword')}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
              {...changeForm.register('current')}
              error={fieldError(changeForm.formState.errors.current)}
            />
            <NewPasswordFields form={changeForm as unknown as UseFormReturn<SetPasswordForm>} />
            <Button type="submit" size="md" loading={save.isPending}>
              {t('savePassword')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={setForm.handleSubmit(
            (values) => save.mutate(values),
            toastFirstError<SetPasswordForm>(['password', 'confirm']),
          )}
        >
          <Stack gap="md">
            <NewPasswordFields form={setForm} />
            <Button type="submit" size="md" loading={save.isPending}>
              {t('savePassword')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() =>
          void (window.history.length > 1 ? navigate(-1) : navigate(homePathFor(info?.status ?? 1)))
        }
      >
        {t('back')}
      </Anchor>
    </AuthCard>
  );
}
