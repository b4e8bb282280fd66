import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card of an onboarding step (spec §2: the email step, the child picker). */
export function OnboardingCard({
  size,
  step,
  title,
  subtitle,
  children,
}: {
  size: number | string;
  /** "Step 1 of 2"; shown only while onboarding. */
  step?: string | false;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Container size={size} py="xl">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="lg">
          <div>
            {step && (
              <Text size="sm" c="dimmed">
                {step}
              </Text>
            )}
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {subtitle}
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
