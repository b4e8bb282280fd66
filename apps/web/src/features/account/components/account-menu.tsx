import { Button, Divider, Menu, NavLink, Stack } from '@mantine/core';
import '@mantine/core/styles/NavLink.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLogout, useResetPasswordEntry } from '../hooks/use-account-actions';
import { profileQueryOptions } from '../../../api/profile';

/**
 * The account's pages (spec §2 Header: Monthly Statement, Pass Information, Transaction History,
 * Profile) in the order of every menu; Pass Information only for a plan holder (spec §6).
 */
function useAccountLinks() {
  const { t } = useTranslation();
  const profile = useQuery(profileQueryOptions());
  return [
    { to: paths.home.attendClassNow, label: t('navUpcoming') },
    { to: paths.dashboard, label: t('navDashboard') },
    { to: paths.home.monthlyStatement, label: t('monthlyStatement') },
    ...(profile.data && profile.data.member_type !== 0
      ? [{ to: paths.home.monthlyPass, label: t('passInformation') }]
      : []),
    { to: paths.home.transaction, label: t('transactionHistory') },
    { to: paths.home.information, label: t('profile') },
  ];
}

/**
 * The header's account menu on wide screens and on public pages opened with a session: the
 * account's pages, Change password and Log out (spec §2 Header; the older header's "Reset
 * password" is the same action, named once: decision 033).
 */
export default function AccountMenu() {
  const { t } = useTranslation();
  const logout = useLogout();
  const changePassword = useResetPasswordEntry();
  const links = useAccountLinks();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs">
          {t('account')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Item onClick={() => void changePassword()}>{t('changePassword')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same entries as links, for the phone's navigation drawer. */
export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const changePassword = useResetPasswordEntry();
  const links = useAccountLinks().filter(
    // The drawer's child navigation above already holds these.
    (link) =>
      link.to !== paths.home.attendClassNow &&
      link.to !== paths.dashboard &&
      link.to !== paths.home.information,
  );
  return (
    <Stack gap={2} component="nav" aria-label={t('account')}>
      {links.map((link) => (
        <NavLink
          key={link.to}
          component={Link}
          to={link.to}
          label={link.label}
          onClick={onNavigate}
        />
      ))}
      <NavLink
        component="button"
        label={t('changePassword')}
        onClick={() => {
          onNavigate?.();
          void changePassword();
        }}
      />
      <Divider my="xs" />
      <NavLink component="button" label={t('logout')} c="red.8" onClick={() => void logout()} />
    </Stack>
  );
}
