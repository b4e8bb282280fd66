import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { LanguageSwitch } from '../language-switch';
import { HeaderBar } from './header-bar';

/** Frame of the pages anyone may open: brand, language switch, agreement links. */
export function PublicLayout({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <HeaderBar home={paths.signIn}>
        {actions}
        <LanguageSwitch />
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
