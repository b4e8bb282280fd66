import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { AuditItem } from '@portal/shared/staff';
import { formatDate } from '@portal/web-kit/time';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTableTexts } from '../../../components/use-table-texts';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { changeLines, kindOf } from '../utils/changes';

/** Fields whose values are names the console translates (a reason, a role, a status, a method). */
const WORD_FIELDS = new Set(['reason', 'role', 'status', 'method', 'mode']);

/** An empty table's text: mantine-datatable's own is dimmed grey, under 4.5:1 on white (axe). */
function EmptyText({ children }: { children: string }) {
  return (
    <Text size="sm" c="gray.7">
      {children}
    </Text>
  );
}

/** How an entry's names and values read in the interface language. */
function useAuditWords() {
  const { t, i18n } = useTranslation('audit');
  const known = (key: string) => i18n.exists(`audit:${key}`);
  return {
    action: (action: string) => (known(`actions.${action}`) ? t(`actions.${action}`) : action),
    target: (type: string) => (known(`targets.${type}`) ? t(`targets.${type}`) : type),
    field: (field: string) => (known(`fields.${field}`) ? t(`fields.${field}`) : field),
    value: (field: string, value: unknown): string => {
      switch (kindOf(value)) {
        case 'empty':
          return t('empty');
        case 'boolean':
          return value ? t('yes') : t('no');
        case 'moment':
          return formatDateTime(value as string);
        case 'day':
          return formatDate(value as string);
        case 'number':
          return field === 'delta' && (value as number) > 0 ? `+${value}` : String(value);
        case 'text':
          return WORD_FIELDS.has(field) && known(`values.${value as string}`)
            ? t(`values.${value as string}`)
            : (value as string);
        default:
          return JSON.stringify(value);
      }
    },
  };
}

/** Before → after of each changed field, then the entry's detail, as readable lines. */
export function AuditChanges({ entry }: { entry: AuditItem }) {
  const { t } = useTranslation('audit');
  const words = useAuditWords();
  const lines = changeLines(entry.before, entry.after);
  // An empty detail (a correction without a note) says nothing worth a line.
  const detail = Object.entries(entry.detail ?? {}).filter(
    ([, value]) => kindOf(value) !== 'empty',
  );
  if (lines.length === 0 && detail.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('noChanges')}
      </Text>
    );
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text size="sm" key={`change-${line.field}`}>
          <Text span fw={600}>
            {t('label', { field: words.field(line.field) })}
          </Text>{' '}
          {line.hasBefore && (
            <Text span td="line-through" c="gray.7">
              {words.value(line.field, line.before)}
            </Text>
          )}
          {line.hasBefore && line.hasAfter && ' → '}
          {line.hasAfter && words.value(line.field, line.after)}
        </Text>
      ))}
      {detail.map(([field, value]) => (
        <Text size="xs" c="gray.7" key={`detail-${field}`}>
          {t('line', { field: words.field(field), value: words.value(field, value) })}
        </Text>
      ))}
    </Stack>
  );
}

export interface AuditEntriesTableProps {
  items: AuditItem[];
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Rows per page: the choices and what a choice does. */
  pageSizes: { options: number[]; onChange: (pageSize: number) => void };
  fetching: boolean;
  /** The family column: the log of all families shows it; a family's own page does not. */
  showFamily: boolean;
  noRecordsText: string;
}

/** Audit entries, newest first: when, who (and from where), what, about what, and the changes. */
export function AuditEntriesTable({
  items,
  total,
  page,
  pageSize,
  onPageChange,
  pageSizes,
  fetching,
  showFamily,
  noRecordsText,
}: AuditEntriesTableProps) {
  const { t } = useTranslation('audit');
  const words = useAuditWords();
  const tableTexts = useTableTexts();
  return (
    <DataTable<AuditItem>
      withTableBorder
      borderRadius="md"
      striped
      verticalAlign="top"
      minHeight={items.length ? undefined : 200}
      records={items}
      fetching={fetching}
      emptyState={<EmptyText>{noRecordsText}</EmptyText>}
      totalRecords={total}
      page={page}
      onPageChange={onPageChange}
      recordsPerPage={pageSize}
      recordsPerPageOptions={pageSizes.options}
      onRecordsPerPageChange={pageSizes.onChange}
      recordsPerPageLabel={t('table.perPage')}
      {...tableTexts}
      columns={[
        {
          accessor: 'at',
          title: t('columns.at'),
          noWrap: true,
          render: (entry) => <Text size="sm">{formatDateTime(entry.at)}</Text>,
        },
        {
          accessor: 'staff',
          title: t('columns.staff'),
          width: 200,
          render: (entry) => (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {entry.staff?.name ?? t('system')}
              </Text>
              {entry.staff && (
                <Text size="xs" c="gray.7">
                  {entry.staff.email}
                </Text>
              )}
              {entry.ip && (
                <Text size="xs" c="gray.7">
                  {t('ip', { ip: entry.ip })}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'action',
          title: t('columns.action'),
          width: 190,
          render: (entry) => (
            <Badge
              variant="light"
              color={entry.action.startsWith('staff.') ? 'gray' : 'brand'}
              tt="none"
              styles={{ label: { whiteSpace: 'normal' } }}
              h="auto"
            >
              {words.action(entry.action)}
            </Badge>
          ),
        },
        {
          accessor: 'target',
          title: t('columns.target'),
          width: 200,
          render: (entry) => (
            <Stack gap={0}>
              {entry.target && (
                <Text size="sm">
                  {words.target(entry.target.type)}{' '}
                  <Text span ff="monospace" size="xs">
                    {entry.target.id}
                  </Text>
                </Text>
              )}
              {showFamily && entry.family && (
                <Anchor component={Link} to={paths.familyOf(entry.family.userSn)} size="xs">
                  {t('familyLink', { name: entry.family.name || entry.family.userSn })}
                </Anchor>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'changes',
          title: t('columns.changes'),
          render: (entry) => <AuditChanges entry={entry} />,
        },
      ]}
    />
  );
}
