import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What an empty table says, in place of mantine-datatable's own empty state: that one writes in
 * Mantine's dimmed grey, under 4.5:1 on white (axe, e2e).
 */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="gray.7">
      {children}
    </Text>
  );
}
