import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { familyAuditQuery } from '../api';
import { AuditEntriesTable } from './audit-entries-table';

const PAGE_SIZES = [20, 50, 100];

/**
 * The entries about one family (`audit.read`), shown on the family's page: app/routes.tsx hands
 * it to the families feature. Its page is `auditPage` in the URL.
 */
export function FamilyAudit({ userSn }: { userSn: string }) {
  const { t } = useTranslation('audit');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('auditPage')) || 1);
  const asked = Number(params.get('auditPageSize'));
  const pageSize = PAGE_SIZES.includes(asked) ? asked : PAGE_SIZES[0]!;
  const entries = useQuery(familyAuditQuery(userSn, page, pageSize));
  const go = (changes: Record<string, number | null>) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes))
        if (value === null) updated.delete(key);
        else updated.set(key, String(value));
      return updated;
    });
  if (entries.isError && !entries.data)
    return (
      <Stack align="flex-start">
        <Text role="alert">{t('failed')}</Text>
        <Button variant="light" onClick={() => void entries.refetch()}>
          {t('retry', { ns: 'common' })}
        </Button>
      </Stack>
    );
  return (
    <AuditEntriesTable
      items={entries.data?.items ?? []}
      total={entries.data?.total ?? 0}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => go({ auditPage: next })}
      pageSizes={{
        options: PAGE_SIZES,
        onChange: (size) => go({ auditPageSize: size, auditPage: null }),
      }}
      fetching={entries.isFetching}
      showFamily={false}
      noRecordsText={t('noneForFamily')}
    />
  );
}
