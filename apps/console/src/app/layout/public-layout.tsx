import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { LanguageSwitch } from '@portal/web-kit/language-switch';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** The frame of the pages opened without a session: the console's name, the language, a card. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="space-between" px="lg" py="md" component="header">
        <Text fw={700} size="lg">
          {t('appName')}
        </Text>
        <LanguageSwitch />
      </Group>
      <Container size={460} py="xl" component="main">
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
