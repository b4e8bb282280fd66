import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Verdict } from '../utils/verdicts';

const COLORS: Record<Verdict, string> = { pass: 'green', warn: 'yellow', fail: 'red' };

/** One check's frame: its name, its verdict as a badge, and what it found or what to do. */
export function CheckCard({
  name,
  title,
  verdict,
  children,
}: {
  name: string;
  title: string;
  verdict: Verdict | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('device');
  const titleId = useId();
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid={`check-${name}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Badge
          color={verdict ? COLORS[verdict] : 'gray'}
          c="dark.8"
          variant="light"
          style={{ flexShrink: 0 }}
          data-testid="verdict"
        >
          {t(`verdict.${verdict ?? 'none'}`)}
        </Badge>
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** What the check found, or what to do: a live region, so a screen reader hears the result. */
export function CheckAdvice({ verdict, children }: { verdict?: Verdict; children: ReactNode }) {
  return (
    <Text size="sm" role="status" c={verdict === 'fail' ? 'red.8' : undefined}>
      {children}
    </Text>
  );
}
