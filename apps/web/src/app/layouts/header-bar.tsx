import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Height of the top bar; the shell's left navigation sits right under it (account-layout.tsx). */
export const HEADER_HEIGHT = 60;

/**
 * The top bar of every layout: the brand linking `home`, and the layout's own controls. It stays
 * at the top while the page scrolls (decision 033); the brand never wraps. Its ends line up with
 * the page below: a centred column, or with `fluid` the window's width, as the signed-in screens.
 */
export function HeaderBar({
  home,
  fluid = false,
  children,
}: {
  home: string;
  fluid?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      bg="white"
      h={HEADER_HEIGHT}
      pos="sticky"
      top={0}
      style={{ zIndex: 150, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" fluid={fluid} h="100%">
        <Group justify="space-between" wrap="nowrap" h="100%" gap="sm">
          <Anchor
            component={Link}
            to={home}
            fw={700}
            c="brand.7"
            underline="never"
            size="lg"
            style={{ whiteSpace: 'nowrap' }}
          >
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
