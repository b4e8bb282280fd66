import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { LanguageSwitch } from '@portal/web-kit/language-switch';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { storage } from '../../lib/storage';
import { HeaderBar } from './header-bar';

// Only a parent with a session needs the account menu: its code (and the account's queries)
// stays out of the sign-in page (decision 028). It comes with the signed-in frame, one chunk.
const AccountMenu = lazy(() =>
  import('./account-layout').then((m) => ({ default: m.AccountMenu })),
);

/** True when a session is stored: public pages then lead back to the account (decision 033). */
export function useHasSession(): boolean {
  return Boolean(storage.getToken());
}

/**
 * Frame of the pages anyone may open: brand, language switch, agreement links. `actions` are for
 * visitors; a parent with a session gets the account menu there instead, and the brand leads
 * to their lessons. The language comes first and the account last, as on the signed-in screens.
 */
export function PublicLayout({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useHasSession();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <HeaderBar home={signedIn ? paths.home.attendClassNow : paths.signIn}>
        <LanguageSwitch
          onChange={
            signedIn
              ? (language) =>
                  void import('../../lib/account').then((m) => m.saveLanguageOnAccount(language))
              : undefined
          }
        />
        {signedIn ? (
          <Suspense fallback={null}>
            <AccountMenu />
          </Suspense>
        ) : (
          actions
        )}
      </HeaderBar>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <Box
        component="footer"
        py="md"
        bg="white"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} {t('appName')}
            </Text>
            <Group gap="md">
              <Anchor href={paths.service} target="_blank" rel="noopener" size="sm" c="gray.8">
                {t('userAgreement')}
              </Anchor>
              <Anchor href={paths.privacy} target="_blank" rel="noopener" size="sm" c="gray.8">
                {t('privacyPolicy')}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}

/**
 * The layout route of the public pages (app/router.tsx). Each page gets a frame of its own, as
 * when every page drew one: the header reads the session anew when the page changes.
 */
export function PublicLayoutRoute() {
  const { pathname } = useLocation();
  return (
    <PublicLayout key={pathname}>
      <Outlet />
    </PublicLayout>
  );
}
