import { Box, Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { saveLanguageOnAccount, useLogout, useResetPasswordEntry } from '../../lib/account';
import { storage } from '../../lib/storage';
import { LanguageSwitch } from '../language-switch';
import { HeaderBar } from './header-bar';

/**
 * Frame of signed-in screens: brand, language (saved on the account too) and the account menu
 * with Profile, Reset password and Log out (spec §2 Header). Without a token: back to `/`.
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const resetPassword = useResetPasswordEntry();
  if (!storage.getToken()) return <Navigate to={paths.signIn} replace />;

  return (
    <Box mih="100vh">
      <HeaderBar home={paths.home.attendClassNow}>
        <LanguageSwitch onChange={(language) => void saveLanguageOnAccount(language)} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs">
              {t('account')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
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
      <Box component="main">{children}</Box>
    </Box>
  );
}
