import { Alert, Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { auditQuery, staffOptionsQuery } from '../api';
import { useAuditSearch, type AuditPatch } from '../utils/search-params';
import { AuditEntriesTable } from './audit-entries-table';

const PAGE_SIZES = [20, 50, 100];
const TYPING_DELAY_MS = 350;

/** `/audit` (`audit.read`): every staff write and reveal, filtered by the server. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  useDocumentTitle(t('title'));
  const { query, update, clear } = useAuditSearch();
  const entries = useQuery(auditQuery(query));
  const staff = useQuery(staffOptionsQuery());

  // Typed filters go to the URL after a pause; a range once both ends are chosen.
  const [typed, setTyped] = useState({
    targetId: query.targetId ?? '',
    userSn: query.userSn ?? '',
  });
  const send = useDebouncedCallback((patch: AuditPatch) => update(patch), TYPING_DELAY_MS);
  // Both typed fields go together: a pause after typing in one keeps what the other holds.
  const type = (next: typeof typed) => {
    setTyped(next);
    send({ targetId: next.targetId.trim(), userSn: next.userSn.trim() });
  };
  const [range, setRange] = useState<DatesRangeValue<string>>([
    query.from ?? null,
    query.to ?? null,
  ]);
  const filtered = [
    query.staffId,
    query.action,
    query.targetType,
    query.targetId,
    query.userSn,
    query.from,
  ].some(Boolean);

  const clearAll = () => {
    send.cancel();
    setTyped({ targetId: '', userSn: '' });
    setRange([null, null]);
    clear();
  };

  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={t('filters.staff')}
          placeholder={t('filters.any')}
          data={(staff.data?.items ?? []).map((member) => ({
            value: String(member.id),
            label: member.name ? `${member.name} (${member.email})` : member.email,
          }))}
          value={query.staffId ? String(query.staffId) : null}
          onChange={(value) => update({ staffId: value ?? undefined })}
          clearable
          searchable
          w={180}
        />
        <Select
          label={t('filters.action')}
          placeholder={t('filters.any')}
          data={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
          value={query.action ?? null}
          onChange={(value) => update({ action: value ?? undefined })}
          clearable
          searchable
          w={180}
        />
        <Select
          label={t('filters.targetType')}
          placeholder={t('filters.any')}
          data={AUDIT_TARGETS.map((target) => ({ value: target, label: t(`targets.${target}`) }))}
          value={query.targetType ?? null}
          onChange={(value) => update({ targetType: value ?? undefined })}
          clearable
          w={130}
        />
        <TextInput
          label={t('filters.targetId')}
          value={typed.targetId}
          maxLength={100}
          onChange={(event) => type({ ...typed, targetId: event.currentTarget.value })}
          w={120}
        />
        <TextInput
          label={t('filters.family')}
          placeholder={t('filters.familyPlaceholder')}
          value={typed.userSn}
          maxLength={40}
          onChange={(event) => type({ ...typed, userSn: event.currentTarget.value })}
          w={120}
        />
        <DateRangeFilter
          label={t('filters.dates')}
          placeholder={t('filters.datesPlaceholder')}
          value={range}
          onChange={setRange}
          onRange={(from, to) => update({ from, to })}
          w={200}
        />
        {filtered && (
          <Button variant="subtle" onClick={clearAll}>
            {t('filters.clear')}
          </Button>
        )}
      </Group>
      {entries.isError && !entries.data ? (
        <Alert color="yellow" variant="light" title={t('failed')}>
          <Button variant="light" onClick={() => void entries.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <AuditEntriesTable
          items={entries.data?.items ?? []}
          total={entries.data?.total ?? 0}
          page={query.page}
          pageSize={query.pageSize}
          onPageChange={(page) => update({ page })}
          pageSizes={{ options: PAGE_SIZES, onChange: (pageSize) => update({ pageSize }) }}
          fetching={entries.isFetching}
          showFamily
          noRecordsText={t('none')}
        />
      )}
    </Stack>
  );
}
