import { Box, Burger, Divider, Drawer, Flex, Stack } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { saveLanguageOnAccount } from '../../lib/account';
import { storage } from '../../lib/storage';
import { LanguageSwitch } from '@portal/web-kit/language-switch';
import AccountMenu, { AccountLinks } from './account-menu';
import { ChildNav } from './child-nav';
import { CreditBalance } from './credit-balance';
import { HEADER_HEIGHT, HeaderBar } from './header-bar';
import { MemberBadge } from './member-badge';
import { useKeepTimeZoneCurrent } from './use-keep-time-zone-current';

/** Width of the shell's left navigation (spec §9). */
const NAV_WIDTH = 295;

const saveLanguage = (language: Parameters<typeof saveLanguageOnAccount>[0]) =>
  void saveLanguageOnAccount(language);

/**
 * Frame of signed-in screens (spec §2 Header): brand, member badge, credit balance, language
 * (saved on the account too) and the account menu. Screens of the `/home/children` shell also
 * get the left navigation, which stays beside the content as it scrolls. On phones and small
 * tablets every signed-in screen has the same menu: a drawer with the navigation, the account's
 * pages and the language (decision 033). Without a token: back to `/`.
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [navOpen, nav] = useDisclosure(false);
  useKeepTimeZoneCurrent();
  if (!storage.getToken()) return <Navigate to={paths.signIn} replace />;
  const inShell = pathname.startsWith(`${paths.home.root}/`);

  return (
    <Box mih="100vh">
      <HeaderBar home={paths.home.attendClassNow}>
        <Box visibleFrom="md">
          <MemberBadge />
        </Box>
        <CreditBalance />
        <Box visibleFrom="md">
          <LanguageSwitch onChange={saveLanguage} />
        </Box>
        <Box visibleFrom="md">
          <AccountMenu />
        </Box>
        <Burger
          opened={navOpen}
          onClick={nav.toggle}
          hiddenFrom="md"
          size="sm"
          aria-label={t('openNavigation')}
        />
      </HeaderBar>
      <Drawer
        opened={navOpen}
        onClose={nav.close}
        size={NAV_WIDTH}
        hiddenFrom="md"
        title={t('menu')}
        closeButtonProps={{ 'aria-label': t('close') }}
        styles={{ body: { padding: 0 } }}
      >
        <Stack gap="sm" px="md" pb="md">
          <LanguageSwitch onChange={saveLanguage} />
          <MemberBadge />
        </Stack>
        <ChildNav onNavigate={nav.close} />
        <Divider />
        <Box p="md">
          <AccountLinks onNavigate={nav.close} />
        </Box>
      </Drawer>
      {inShell ? (
        <Flex align="flex-start">
          <Box
            visibleFrom="md"
            w={NAV_WIDTH}
            miw={NAV_WIDTH}
            h={`calc(100dvh - ${HEADER_HEIGHT}px)`}
            pos="sticky"
            top={HEADER_HEIGHT}
            bg="gray.0"
            style={{
              overflowY: 'auto',
              borderRight: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <ChildNav />
          </Box>
          <Box component="main" style={{ flex: 1, minWidth: 0 }}>
            {children}
          </Box>
        </Flex>
      ) : (
        <Box component="main">{children}</Box>
      )}
    </Box>
  );
}
