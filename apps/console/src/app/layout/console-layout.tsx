import {
  AppShell,
  Badge,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Me } from '@portal/shared/staff';
import { LanguageSwitch } from '@portal/web-kit/language-switch';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { signOut } from '../../lib/sign-out';
import { navFor } from '../nav';

/** Below `md` (62em, so at 768 px) the navigation collapses behind the burger. */
const NAV_BREAKPOINT = 'md';

/**
 * The signed-in frame: the console's name, the language, the member's name and role with their
 * account and sign-out, and the navigation their role may use. Screens render in `main`.
 */
export function ConsoleLayout({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [navOpen, nav] = useDisclosure(false);
  const items = navFor(me.permissions);
  const { pathname } = useLocation();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpen}
              onClick={nav.toggle}
              hiddenFrom={NAV_BREAKPOINT}
              size="sm"
              aria-label={t('openNavigation')}
            />
            <Text component={Link} to={paths.home} fw={700} size="lg" c="brand.8">
              {t('appName')}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <LanguageSwitch />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('accountMenu')}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600} truncate maw={180}>
                      {me.name}
                    </Text>
                    <Badge variant="light" color="gray" radius="sm">
                      {t(`roles.${me.role}`)}
                    </Badge>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{me.email}</Menu.Label>
                <Menu.Item component={Link} to={paths.account}>
                  {t('account:nav')}
                </Menu.Item>
                <Menu.Item onClick={() => void signOut()}>{t('signOut')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('mainNavigation')} component="nav">
        <AppShell.Section grow component={ScrollArea}>
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.label)}
              active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
              onClick={nav.close}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
