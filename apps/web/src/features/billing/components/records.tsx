import { Card, Group, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Table.css';
import type { ReactNode } from 'react';
import { useIsPhone } from '../hooks/use-is-phone';

export interface Column<Row> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /**
   * Where the column goes on a phone card: `title` and `figure` share the card's first line
   * (what it is, and the amount or ± credits, always visible); the rest are label: value lines.
   */
  phone?: 'title' | 'figure' | 'line';
  /** Only in the table (`wide`) or only on the phone cards (`phone`); both by default. */
  only?: 'wide' | 'phone';
}

/**
 * A billing list (decision 034): a table on a wide screen; on a phone, one card per row, so the
 * amount, status and ± credits are never cut off behind a sideways scroll.
 */
export function Records<Row>({
  columns: allColumns,
  rows,
  rowKey,
  label,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  label: string;
}) {
  const isPhone = useIsPhone();
  const columns = allColumns.filter((column) => column.only !== (isPhone ? 'wide' : 'phone'));
  if (isPhone) {
    const title = columns.find((column) => column.phone === 'title');
    const figure = columns.find((column) => column.phone === 'figure');
    const lines = columns.filter((column) => column !== title && column !== figure);
    return (
      <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row, index) => (
          <Card key={rowKey(row, index)} component="li" withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {title?.cell(row)}
              </Text>
              {figure && (
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }} component="div">
                  {figure.cell(row)}
                </Text>
              )}
            </Group>
            <Stack gap={2} mt={6}>
              {lines.map((column) => (
                <Group key={column.key} justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {column.label}
                  </Text>
                  <Text size="xs" ta="right" component="div" style={{ overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} ta={column.align}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={rowKey(row, index)}>
            {columns.map((column) => (
              <Table.Td key={column.key} ta={column.align}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
