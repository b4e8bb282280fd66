import {
  Box,
  Burger,
  Divider,
  Drawer,
  Flex,
  Stack,
  useMantineTheme,
  type BoxProps,
} from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { LanguageSwitch } from '@portal/web-kit/language-switch';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import AccountMenu, { AccountLinks } from '../../features/account/components/account-menu';
import { ChildNav } from '../../features/account/components/child-nav';
import { CreditBalance } from '../../features/account/components/credit-balance';
import { MemberBadge } from '../../features/account/components/member-badge';
import { useKeepTimeZoneCurrent } from '../../features/account/hooks/use-keep-time-zone-current';
import { useDeletionOffer } from '../../features/profile/hooks/use-deletion-offer';
import { saveLanguageOnAccount } from '../../lib/account';
import { storage } from '../../lib/storage';
import { HEADER_HEIGHT, HeaderBar } from './header-bar';

export { AccountMenu };

/** Width of the shell's left navigation (spec §9). */
const NAV_WIDTH = 295;

/** Loaded only while a deletion is pending: no other parent pays for it. */
const AccountDeletionBanner = lazy(
  () => import('../../features/profile/components/account-deletion-banner'),
);

const saveLanguage = (language: Parameters<typeof saveLanguageOnAccount>[0]) =>
  void saveLanguageOnAccount(language);

/**
 * What only the wide screen's frame shows (the header's badge, language and menu, the left
 * navigation). Below the breakpoint CSS hides it (`visibleFrom`), and the app does not draw it
 * either, so a phone's first lessons paint sooner (decision 055); the width is read as the first
 * render draws. Drawn at build time there is no window: the pre-rendered frame, served to every
 * width, has it all.
 */
function WideOnly(props: BoxProps & { children: ReactNode }) {
  const { breakpoints } = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${breakpoints.md})`, undefined, {
    getInitialValueInEffect: false,
  });
  return typeof window === 'undefined' || wide ? <Box visibleFrom="md" {...props} /> : null;
}

/**
 * Frame of signed-in screens (spec §2 Header): brand, member badge, credit balance, language
 * (saved on the account too) and the account menu. Screens of the `/home/children` shell also
 * get the left navigation, which stays beside the content as it scrolls. On phones and small
 * tablets every signed-in screen has the same menu: a drawer with the navigation, the account's
 * pages and the language (decision 033). While an account deletion is pending, every screen but
 * the profile offers to cancel it (issue #25).
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [navOpen, nav] = useDisclosure(false);
  useKeepTimeZoneCurrent();
  const inShell = pathname.startsWith(`${paths.home.root}/`);
  const deletionDueAt = useDeletionOffer();
  // The profile's own deletion section says the same there, with its own "Cancel deletion".
  const deletionOffer =
    deletionDueAt && pathname !== paths.home.information ? (
      <Suspense fallback={null}>
        <AccountDeletionBanner dueAt={deletionDueAt} />
      </Suspense>
    ) : null;

  return (
    <Box mih="100vh">
      <HeaderBar home={paths.home.attendClassNow} fluid>
        <WideOnly>
          <MemberBadge />
        </WideOnly>
        <CreditBalance />
        <WideOnly>
          <LanguageSwitch onChange={saveLanguage} />
        </WideOnly>
        <WideOnly>
          <AccountMenu />
        </WideOnly>
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
          <WideOnly
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
          </WideOnly>
          <Box component="main" style={{ flex: 1, minWidth: 0 }}>
            {deletionOffer}
            {children}
          </Box>
        </Flex>
      ) : (
        <Box component="main">
          {deletionOffer}
          {children}
        </Box>
      )}
    </Box>
  );
}

/**
 * The guard route of the signed-in screens (app/router.tsx): without a stored session, back to
 * sign-in (spec §4 Session). It runs on every navigation, as the check did inside each screen.
 */
export function RequireSession() {
  useLocation();
  return storage.getToken() ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}

/**
 * The layout route of the signed-in screens. Each screen gets a frame of its own, as when every
 * screen drew one: the header's queries (profile, balance) refresh when stale as a screen opens,
 * and the phone's menu starts closed.
 */
export function AccountLayoutRoute() {
  const { pathname } = useLocation();
  return (
    <AccountLayout key={pathname}>
      <Outlet />
    </AccountLayout>
  );
}
