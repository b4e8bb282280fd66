import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The top bar of every layout: the brand linking `home`, and the layout's own controls. */
export function HeaderBar({ home, children }: { home: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={home} fw={700} c="brand.7" underline="never" size="lg">
            {t('appName')}
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            {children}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
