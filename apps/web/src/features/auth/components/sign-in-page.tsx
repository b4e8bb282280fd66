import { Anchor, Loader, Tabs, Text } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { lazy, Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguageChoice } from '../hooks/use-language-choice';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { AuthCard } from './auth-card';
import { CodeSignInForm } from './code-sign-in-form';

// The password tab (and its password field) loads when the parent turns to it: most sign in by
// code, and the code form's own feedback must not make the page heavier (issue #19, decision 036).
const loadPasswordForm = () => import('./password-sign-in-form');
const PasswordSignInForm = lazy(() =>
  loadPasswordForm().then((m) => ({ default: m.PasswordSignInForm })),
);
const preloadPasswordForm = () => void loadPasswordForm();

/** `/`: combined sign-in with the code and password tabs (spec §2). */
export function SignInPage() {
  const { t } = useTranslation('auth');
  useSignedInRedirect();
  useLanguageChoice();
  return (
    <AuthCard title={t('signInTitle')} subtitle={t('signInSubtitle')}>
      <Tabs defaultValue="code" keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="code">{t('tabCode')}</Tabs.Tab>
          <Tabs.Tab
            value="password"
            onPointerEnter={preloadPasswordForm}
            onFocus={preloadPasswordForm}
          >
            {t('tabPassword')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="code">
          <CodeSignInForm />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <Suspense fallback={<Loader size="sm" mx="auto" display="block" aria-hidden />}>
            <PasswordSignInForm selectableCountry={false} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      <Text size="sm" c="dimmed" ta="center">
        <Anchor component={Link} to={paths.signInPassword} size="sm">
          {t('otherRegions')}
        </Anchor>
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        <Trans
          t={t}
          i18nKey="agreementNotice"
          components={{
            service: (
              <Anchor
                href={paths.service}
                target="_blank"
                rel="noopener"
                size="xs"
                underline="always"
              />
            ),
            privacy: (
              <Anchor
                href={paths.privacy}
                target="_blank"
                rel="noopener"
                size="xs"
                underline="always"
              />
            ),
          }}
        />
      </Text>
    </AuthCard>
  );
}
