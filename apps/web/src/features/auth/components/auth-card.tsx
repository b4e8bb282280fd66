import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@portal/web-kit/page';

/** The card of every sign-in and password screen, centred in the public frame (app/layouts). */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Container size={460} py={{ base: 'lg', sm: 60 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
