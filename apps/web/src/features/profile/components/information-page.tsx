import {
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ListState } from '@portal/web-kit/list-state';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UpdateEmailBodySchema } from '@portal/shared/auth';
import { LANGUAGES, type Language } from '@portal/shared/i18n';
import { LANGUAGE_NAMES } from '@portal/web-kit/language-switch';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDocumentTitle } from '@portal/web-kit/page';
import { fieldError, toastFirstError } from '@portal/web-kit/forms';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { profileApi, profileQueryOptions } from '../api/profile-api';
import { notify } from '@portal/web-kit/notify';
import { PasswordSection } from './password-section';

// Issue #25: the data export and account deletion load with the page's own chunk only when
// reached, so the profile's first paint stays within its bundle budget.
const DataExportSection = lazy(() =>
  import('./data-export-section').then((m) => ({ default: m.DataExportSection })),
);
const AccountDeletionSection = lazy(() =>
  import('./account-deletion-section').then((m) => ({ default: m.AccountDeletionSection })),
);
type EmailForm = z.input<typeof UpdateEmailBodySchema>;

/**
 * `information`: e-mail, password and interface language of the account (spec §2), the family's
 * data and account deletion (#25), and `sections` other features add (composed in app/).
 */
export function InformationPage({ sections }: { sections?: ReactNode } = {}) {
  const { t } = useTranslation('profile');
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const profile = useQuery(profileQueryOptions());
  const form = useForm<EmailForm>({
    resolver: zodResolver(UpdateEmailBodySchema),
    defaultValues: { email: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (profile.data) reset({ email: profile.data.email ?? '' });
  }, [profile.data, reset]);

  const saveEmail = useMutation({
    mutationFn: (email: string) => profileApi.updateEmail(email),
    onSuccess: async () => {
      notify('green', t('emailSaved'));
      await queryClient.invalidateQueries(profileQueryOptions());
    },
  });
  const saveLanguage = useMutation({
    mutationFn: async (language: Language) => {
      await changeLanguage(language);
      await profileApi.setLanguage(language);
    },
    onSuccess: () => queryClient.invalidateQueries(profileQueryOptions()),
  });

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      <ListState
        query={profile}
        loading={
          <Stack aria-busy="true">
            <Skeleton height={120} />
            <Skeleton height={120} />
          </Stack>
        }
        failedText={t('loadFailed')}
      >
        {(loaded) => (
          <Stack gap="lg">
            <Paper withBorder p="lg" component="section" aria-labelledby="account-heading">
              <Title order={2} size="h4" id="account-heading" mb="sm">
                {t('account')}
              </Title>
              <Text size="sm">
                {t('phone')}: +{loaded.country_code} {loaded.mobile}
              </Text>
              {loaded.name && (
                <Text size="sm">
                  {t('name')}: {loaded.name}
                </Text>
              )}
            </Paper>

            <Paper withBorder p="lg" component="section" aria-labelledby="email-heading">
              <Title order={2} size="h4" id="email-heading" mb="sm">
                {t('email')}
              </Title>
              <form
                noValidate
                onSubmit={form.handleSubmit(
                  (values) => saveEmail.mutate(values.email),
                  toastFirstError<EmailForm>(['email']),
                )}
              >
                <Group align="flex-start" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('email')}
                    labelProps={{ className: 'visually-hidden' }}
                    type="email"
                    autoComplete="email"
                    maxLength={50}
                    {...form.register('email')}
                    error={fieldError(form.formState.errors.email)}
                  />
                  <Button type="submit" loading={saveEmail.isPending}>
                    {t('save', { ns: 'common' })}
                  </Button>
                </Group>
              </form>
            </Paper>

            <Paper withBorder p="lg" component="section" aria-labelledby="password-heading">
              <Title order={2} size="h4" id="password-heading" mb="sm">
                {t('password')}
              </Title>
              <PasswordSection
                key={String(loaded.has_password)}
                hasPassword={loaded.has_password}
              />
            </Paper>

            <Paper withBorder p="lg" component="section" aria-labelledby="language-heading">
              <Title order={2} size="h4" id="language-heading" mb="sm">
                {t('language')}
              </Title>
              <SegmentedControl
                aria-label={t('language')}
                value={currentLanguage()}
                onChange={(value) => saveLanguage.mutate(value as Language)}
                data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
              />
            </Paper>

            {sections}

            <Paper withBorder p="lg" component="section" aria-labelledby="data-export-heading">
              <Title order={2} size="h4" id="data-export-heading" mb="sm">
                {t('dataExport.title')}
              </Title>
              <Suspense fallback={<Skeleton height={80} />}>
                <DataExportSection hasEmail={Boolean(loaded.email)} />
              </Suspense>
            </Paper>

            <Suspense fallback={<Skeleton height={120} />}>
              <AccountDeletionSection />
            </Suspense>
          </Stack>
        )}
      </ListState>
    </Container>
  );
}
