import { Text, type TextProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/**
 * "Lesson 7/24 · Level 1": each part wraps as a whole, so a narrow card moves "Level 1" to the
 * next line instead of leaving "1" alone there (issue #19). A part longer than a line still wraps.
 */
export function MetaLine({ parts, ...props }: { parts: ReactNode[] } & TextProps) {
  return (
    <Text size="sm" c="dimmed" {...props}>
      {parts
        .filter((part) => part !== '' && part !== null && part !== undefined)
        .map((part, i) => (
          <Fragment key={i}>
            {i > 0 && ' · '}
            <span style={{ display: 'inline-block' }}>{part}</span>
          </Fragment>
        ))}
    </Text>
  );
}
