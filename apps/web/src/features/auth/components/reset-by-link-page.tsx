import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { SetPasswordFormSchema, type SetPasswordForm } from '@portal/shared/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { storage } from '../../../lib/storage';
import { toastFirstError } from '@portal/web-kit/forms';
import { authApi } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';
import { SavedNotice } from './saved-notice';

/** Where the e-mailed link lands: choose a new password; every session ends afterwards. */
export function ResetByLinkPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const reset = useMutation({
    mutationFn: (values: SetPasswordForm) => authApi.resetWithLink(token, values.password),
    // The server ended every session, this browser's too.
    onSuccess: () => storage.clearSession(),
  });

  return (
    <AuthCard title={t('resetTitle')}>
      {!token ? (
        <Alert color="yellow">{t('linkMissing')}</Alert>
      ) : reset.isSuccess ? (
        <SavedNotice />
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(
            (values) => reset.mutate(values),
            toastFirstError<SetPasswordForm>(['password', 'confirm']),
          )}
        >
          <Stack gap="md">
            <NewPasswordFields form={form} />
            <Button type="submit" size="md" loading={reset.isPending}>
              {t('savePassword')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={paths.forgotPassword} size="sm">
        {t('requestNewLink')}
      </Anchor>
    </AuthCard>
  );
}
