import { Box, Burger, Button, Drawer, Flex, Menu } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { saveLanguageOnAccount, useLogout, useResetPasswordEntry } from '../../lib/account';
import { profileQueryOptions } from '../../lib/profile';
import { storage } from '../../lib/storage';
import { LanguageSwitch } from '../language-switch';
import { ChildNav } from './child-nav';
import { CreditBalance } from './credit-balance';
import { HeaderBar } from './header-bar';
import { MemberBadge } from './member-badge';

/** Width of the shell's left navigation (spec §9). */
const NAV_WIDTH = 295;

/**
 * Frame of signed-in screens (spec §2 Header): brand, member badge, credit balance, language
 * (saved on the account too) and the menu. Screens of the `/home/children` shell also get the
 * left navigation (a drawer on small screens). Without a token: back to `/`.
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const resetPassword = useResetPasswordEntry();
  const { pathname } = useLocation();
  const [navOpen, nav] = useDisclosure(false);
  const profile = useQuery({ ...profileQueryOptions(), enabled: Boolean(storage.getToken()) });
  if (!storage.getToken()) return <Navigate to={paths.signIn} replace />;
  const inShell = pathname.startsWith(`${paths.home.root}/`);

  return (
    <Box mih="100vh">
      <HeaderBar home={paths.home.attendClassNow}>
        {inShell && (
          <Burger
            opened={navOpen}
            onClick={nav.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('openNavigation')}
          />
        )}
        <Box visibleFrom="sm">
          <MemberBadge />
        </Box>
        <CreditBalance />
        <Box visibleFrom="xs">
          <LanguageSwitch onChange={(language) => void saveLanguageOnAccount(language)} />
        </Box>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs">
              {t('account')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={paths.dashboard}>
              {t('navDashboard')}
            </Menu.Item>
            <Menu.Item component={Link} to={paths.home.monthlyStatement}>
              {t('monthlyStatement')}
            </Menu.Item>
            {profile.data && profile.data.member_type !== 0 && (
              <Menu.Item component={Link} to={paths.home.monthlyPass}>
                {t('passInformation')}
              </Menu.Item>
            )}
            <Menu.Item component={Link} to={paths.home.transaction}>
              {t('transactionHistory')}
            </Menu.Item>
            <Menu.Item component={Link} to={paths.home.information}>
              {t('profile')}
            </Menu.Item>
            <Menu.Item onClick={() => void resetPassword()}>{t('resetPassword')}</Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => void logout()}>
              {t('logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </HeaderBar>
      {inShell ? (
        <Flex align="flex-start">
          <Box
            visibleFrom="sm"
            w={NAV_WIDTH}
            miw={NAV_WIDTH}
            mih="calc(100vh - 60px)"
            bg="gray.0"
            style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}
          >
            <ChildNav />
          </Box>
          <Drawer
            opened={navOpen}
            onClose={nav.close}
            size={NAV_WIDTH}
            hiddenFrom="sm"
            title={t('appName')}
            closeButtonProps={{ 'aria-label': t('close') }}
          >
            <ChildNav onNavigate={nav.close} />
          </Drawer>
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
