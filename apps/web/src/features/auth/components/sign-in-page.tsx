import { Anchor, Tabs, Text } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSignedInRedirect } from '../hooks/use-signed-in-redirect';
import { AuthCard } from './auth-card';
import { CodeSignInForm } from './code-sign-in-form';
import { PasswordSignInForm } from './password-sign-in-form';

/** `/`: combined sign-in with the code and password tabs (spec §2). */
export function SignInPage() {
  const { t } = useTranslation('auth');
  useSignedInRedirect();
  return (
    <AuthCard title={t('signInTitle')} subtitle={t('signInSubtitle')}>
      <Tabs defaultValue="code" keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="code">{t('tabCode')}</Tabs.Tab>
          <Tabs.Tab value="password">{t('tabPassword')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="code">
          <CodeSignInForm />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordSignInForm selectableCountry={false} />
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
