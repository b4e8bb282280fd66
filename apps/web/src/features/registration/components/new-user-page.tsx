import { Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX_LENGTH, stripNonDigits } from '@portal/shared/auth';
import {
  CHECKPOINT_TYPES,
  LANDING_PAGE_IDS,
  NAME_MAX_LENGTH,
  NewUserFormSchema,
  WECHAT_MAX_LENGTH,
  type NewUserForm,
} from '@portal/shared/onboarding';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CaptchaCheck } from '../../../components/captcha/captcha-check';
import { CaptchaDialog } from '../../../components/captcha/captcha-dialog';
import { PhoneField } from '../../../components/phone-field';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { fieldError, toastFirstError } from '@portal/web-kit/forms';
import { registrationApi } from '../api/registration-api';
import { useSignUp } from '../hooks/use-sign-up';
import { AgreementLinks } from './agreement-links';
import { RegisterCodeField } from './register-code-field';

const FIELD_ORDER: (keyof NewUserForm)[] = [
  'nickname',
  'email',
  'mobile',
  'verification',
  'wechat_id',
];

function NewUserForm({ countryCode, phone }: { countryCode: string; phone: string }) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<NewUserForm>({
    resolver: zodResolver(NewUserFormSchema),
    // Spec §5: the e-mail messages show on blur, then on every change.
    mode: 'onTouched',
    defaultValues: {
      nickname: '',
      email: '',
      country_code: countryCode,
      mobile: phone,
      verification: '',
      wechat_id: '',
    },
  });
  const selectedCode = useWatch({ control: form.control, name: 'country_code' });
  const { signUp, captcha, dialog } = useSignUp((data) =>
    navigate(
      data.invite_code
        ? `${paths.newUserThanks}?invite_code=${encodeURIComponent(data.invite_code)}`
        : paths.newUserThanks,
    ),
  );

  useEffect(() => {
    // Spec §7: the adviser registration records checkpoint type 1.
    void registrationApi.checkpoint(
      CHECKPOINT_TYPES.adviserRegistration,
      `landingpage-id:${LANDING_PAGE_IDS.adviserRegistration}`,
    );
  }, []);

  const submit = form.handleSubmit((values) => {
    const { country_code: _code, phone: _phone, ...linkParams } = Object.fromEntries(params);
    signUp.mutate({
      ...linkParams,
      ...values,
      landingpage_id: LANDING_PAGE_IDS.adviserRegistration,
      // Spec §7: the adviser registration says where it came from.
      utm_source: 'pc',
      utm_medium: 'register',
    });
  }, toastFirstError<NewUserForm>(FIELD_ORDER));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('nickname')}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          withAsterisk
          {...form.register('nickname')}
          error={fieldError(form.formState.errors.nickname)}
        />
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          withAsterisk
          {...form.register('email')}
          error={fieldError(form.formState.errors.email)}
        />
        <Controller
          control={form.control}
          name="mobile"
          render={({ field, fieldState }) => (
            <PhoneField
              countryCode={selectedCode}
              onCountryChange={(code) => form.setValue('country_code', code)}
              mobile={field.value}
              onMobileChange={field.onChange}
              error={fieldError(fieldState.error)}
            />
          )}
        />
        <RegisterCodeField
          phone={() => ({
            country_code: form.getValues('country_code'),
            mobile: form.getValues('mobile'),
          })}
          registration={form.register('verification', {
            setValueAs: (v: string) => v.replace(/\D+/g, ''),
          })}
          error={fieldError(form.formState.errors.verification)}
        />
        <TextInput
          label={t('wechat')}
          maxLength={WECHAT_MAX_LENGTH}
          withAsterisk
          {...form.register('wechat_id')}
          error={fieldError(form.formState.errors.wechat_id)}
        />
        <CaptchaCheck captcha={captcha} />
        <Button type="submit" size="md" loading={signUp.isPending}>
          {t('register')}
        </Button>
        <AgreementLinks />
      </Stack>
      <CaptchaDialog captcha={captcha} {...dialog} />
    </form>
  );
}

/**
 * `/newUser?country_code=&phone=` (spec §2): the registration form the sign-in screen offers for
 * an unknown phone. Without both parameters it goes back to `/`.
 */
export function NewUserPage() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('newUserTitle'));
  const [params] = useSearchParams();
  const countryCode = stripNonDigits(params.get('country_code') ?? '');
  const phone = stripNonDigits(params.get('phone') ?? '');
  if (!countryCode || !phone) return <Navigate to={paths.signIn} replace />;
  return (
    <Container size={520} py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('newUserTitle')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('newUserSubtitle')}
            </Text>
          </div>
          <NewUserForm countryCode={countryCode} phone={phone} />
        </Stack>
      </Paper>
    </Container>
  );
}
