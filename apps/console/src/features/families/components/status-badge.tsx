import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A state as a light badge. Its text stays dark on every tint: Mantine's light green and yellow
 * badges write shade 9 on shade 1, under 4.5:1 (axe, e2e).
 */
export function StatusBadge({ color, children }: { color: MantineColor; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} c="dark.7">
      {children}
    </Badge>
  );
}
