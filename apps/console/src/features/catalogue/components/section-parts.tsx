import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The catalogue tables' shared look. */
export const TABLE_LOOK = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  highlightOnHover: true,
  verticalSpacing: 'xs',
} as const;

/** A section's row of filters (left) and its add button (right). */
export function SectionBar({ filters, children }: { filters?: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end">
        {filters}
      </Group>
      {children}
    </Group>
  );
}

/** A row's "Edit" button, named after the row for screen readers. */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <Button variant="subtle" size="compact-sm" aria-label={label} onClick={onClick}>
      {t('edit')}
    </Button>
  );
}
