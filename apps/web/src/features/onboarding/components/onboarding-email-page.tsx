import { Button, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@portal/shared/auth';
import {
  NAME_MAX_LENGTH,
  OnboardingFormSchema,
  WECHAT_MAX_LENGTH,
  type OnboardingForm,
} from '@portal/shared/onboarding';
import { EMAIL_MAX_LENGTH } from '@portal/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FormAlert, useFormFeedback, fieldError } from '@portal/web-kit/forms';
import { PageLoader, useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { messageText } from '../../../lib/i18n';
import { OnboardingCard } from '../../../components/onboarding-card';
import { profileQueryOptions } from '../../../api/profile';
import { storage } from '../../../lib/storage';
import { onboardingApi } from '../api/onboarding-api';
import { ReferralCodeField } from './referral-code-field';

function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [referral, setReferral] = useState('');
  const [verified, setVerified] = useState<string | null>(null);
  const form = useForm<OnboardingForm>({
    resolver: zodResolver(OnboardingFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: profile.name ?? '',
      email: profile.email ?? '',
      wechat: profile.wechat_id ?? '',
    },
  });
  const feedback = useFormFeedback(form, {
    order: ['name', 'email', 'wechat'],
    fieldMessages: {
      nameEmpty: 'name',
      nameTooLong: 'name',
      emailEmpty: 'email',
      emailError: 'email',
      emailTaken: 'email',
      wechatEmpty: 'wechat',
      wechatTooLong: 'wechat',
    },
  });
  const [referralError, setReferralError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: onboardingApi.saveDetails,
    onSuccess: async ({ message }) => {
      feedback.onSuccess(message);
      await queryClient.invalidateQueries(profileQueryOptions());
      void navigate(paths.onboardingChildren);
    },
    onError: feedback.onError,
  });

  return (
    <form
      noValidate
      aria-describedby={feedback.alert.message ? feedback.alert.id : undefined}
      onSubmit={feedback.submit((values) => {
        // Spec §4: a referral code counts only once the server verified it.
        if (referral.trim() && verified === null) {
          feedback.warn(messageText('referralNotVerified'), setReferralError);
          return;
        }
        save.mutate({ ...values, ...(verified ? { inviteCode: verified } : {}) });
      })}
    >
      <Stack gap="md">
        <FormAlert {...feedback.alert} />
        <TextInput
          label={t('name')}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          withAsterisk
          {...form.register('name')}
          error={fieldError(form.formState.errors.name)}
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
        <TextInput
          label={t('wechat')}
          maxLength={WECHAT_MAX_LENGTH}
          withAsterisk
          {...form.register('wechat')}
          error={fieldError(form.formState.errors.wechat)}
        />
        <ReferralCodeField
          value={referral}
          onChange={setReferral}
          verified={verified}
          onVerifiedChange={(code) => {
            setVerified(code);
            setReferralError(null);
          }}
          error={referralError}
          onWarn={(text) => feedback.warn(text, setReferralError)}
          onNote={feedback.note}
        />
        <Button type="submit" size="md" loading={save.isPending}>
          {t('next')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * `/email`: the onboarding account form (spec §2, the newer variant): full name, e-mail, chat
 * ID and an optional referral code; then the child picker. Only while onboarding (status 0).
 */
export function OnboardingEmailPage() {
  const { t } = useTranslation('onboarding');
  useDocumentTitle(t('emailTitle'));
  const profile = useQuery({ ...profileQueryOptions(), enabled: Boolean(storage.getToken()) });
  if (profile.data && profile.data.status !== 0)
    return <Navigate to={paths.home.attendClassNow} replace />;

  return (
    <OnboardingCard
      size={520}
      step={t('step', { step: 1, total: 2 })}
      title={t('emailTitle')}
      subtitle={t('emailSubtitle')}
    >
      {profile.data ? <EmailForm profile={profile.data} /> : <PageLoader />}
    </OnboardingCard>
  );
}
