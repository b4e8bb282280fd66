import {
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  type MantineTheme,
} from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { FAMILY_SEARCH_MAX_LENGTH, type FamilySummary } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { formatDate } from '@portal/web-kit/time';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { advisersQuery, familiesQuery } from '../api';
import { useFamilySearch } from '../utils/search-params';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { useTableTexts } from '../../../components/use-table-texts';
import { StatusBadge } from './status-badge';
import { EmptyText } from './empty-text';

const PAGE_SIZES = [20, 50, 100];
/** Columns shown from Mantine's `md` breakpoint (62em) up. */
const WIDE = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.md})`;
/** Typing waits this long before the search runs (Enter runs it at once). */
const SEARCH_DELAY_MS = 350;

/** `/families`: search the school's families; the server filters, sorts and pages. */
export function FamiliesPage() {
  const { t } = useTranslation('families');
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const language = currentLanguage();
  const { query, update, clear } = useFamilySearch();
  const families = useQuery(familiesQuery(query));
  const advisers = useQuery(advisersQuery());
  const tableTexts = useTableTexts();

  // What is typed, sent to the URL after a pause; the URL stays the search's one source.
  const [text, setText] = useState(query.q ?? '');
  const search = useDebouncedCallback((q: string) => update({ q: q.trim() }), SEARCH_DELAY_MS);
  // A range is sent once both ends are chosen (or both cleared).
  const [range, setRange] = useState<DatesRangeValue<string>>([
    query.registeredFrom ?? null,
    query.registeredTo ?? null,
  ]);

  const filtered =
    Boolean(query.q) ||
    Boolean(query.registeredFrom) ||
    Boolean(query.member) ||
    Boolean(query.onboarding) ||
    Boolean(query.adviserId);

  const clearAll = () => {
    search.cancel();
    setText('');
    setRange([null, null]);
    clear();
  };

  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search.cancel();
          update({ q: text.trim() });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            type="search"
            value={text}
            maxLength={FAMILY_SEARCH_MAX_LENGTH}
            onChange={(event) => {
              setText(event.currentTarget.value);
              search(event.currentTarget.value);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <DateRangeFilter
            label={t('search.registered')}
            placeholder={t('search.registeredPlaceholder')}
            value={range}
            onChange={setRange}
            onRange={(registeredFrom, registeredTo) => update({ registeredFrom, registeredTo })}
            w={220}
          />
          <Select
            label={t('search.member')}
            placeholder={t('search.any')}
            data={[
              { value: 'yes', label: t('search.memberYes') },
              { value: 'no', label: t('search.memberNo') },
            ]}
            value={query.member ?? null}
            onChange={(value) => update({ member: value ?? undefined })}
            clearable
            w={140}
          />
          <Select
            label={t('search.onboarding')}
            placeholder={t('search.any')}
            data={[
              { value: 'done', label: t('search.onboardingDone') },
              { value: 'pending', label: t('search.onboardingPending') },
            ]}
            value={query.onboarding ?? null}
            onChange={(value) => update({ onboarding: value ?? undefined })}
            clearable
            w={150}
          />
          <Select
            label={t('search.adviser')}
            placeholder={t('search.any')}
            data={(advisers.data?.items ?? []).map((adviser) => ({
              value: String(adviser.id),
              label: adviser.name,
            }))}
            value={query.adviserId ? String(query.adviserId) : null}
            onChange={(value) => update({ adviserId: value ?? undefined })}
            clearable
            searchable
            w={170}
          />
          {filtered && (
            <Button variant="subtle" onClick={clearAll}>
              {t('search.clear')}
            </Button>
          )}
        </Group>
      </form>
      {families.isError && !families.data ? (
        <Alert color="yellow" variant="light" title={t('search.failed')}>
          <Button variant="light" onClick={() => void families.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        </Alert>
      ) : (
        <DataTable<FamilySummary>
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          minHeight={families.data?.items.length ? undefined : 220}
          idAccessor="userSn"
          records={families.data?.items ?? []}
          fetching={families.isFetching}
          emptyState={<EmptyText>{t('search.noResults')}</EmptyText>}
          totalRecords={families.data?.total ?? 0}
          page={query.page}
          onPageChange={(page) => update({ page })}
          recordsPerPage={query.pageSize}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(pageSize) => update({ pageSize })}
          recordsPerPageLabel={t('table.perPage')}
          {...tableTexts}
          sortStatus={{ columnAccessor: query.sort, direction: query.order }}
          onSortStatusChange={({ columnAccessor, direction }) =>
            update({ sort: String(columnAccessor), order: direction })
          }
          onRowClick={({ record }) => void navigate(paths.familyOf(record.userSn))}
          columns={[
            {
              accessor: 'name',
              title: t('columns.name'),
              sortable: true,
              render: (family) => (
                <Stack gap={0}>
                  <Anchor
                    component={Link}
                    to={paths.familyOf(family.userSn)}
                    fw={600}
                    onClick={(event) => event.stopPropagation()}
                  >
                    {family.name || t('noName')}
                  </Anchor>
                  <Text size="xs" c="gray.7">
                    {family.userSn}
                    {family.email && ` · ${family.email}`}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'phoneMasked',
              title: t('columns.phone'),
              noWrap: true,
              render: (family) => (
                <Text size="sm" ff="monospace">
                  {family.phoneMasked}
                </Text>
              ),
            },
            {
              accessor: 'registeredAt',
              title: t('columns.registered'),
              sortable: true,
              noWrap: true,
              render: (family) => formatDate(family.registeredAt, 'date', language),
            },
            {
              accessor: 'onboarded',
              title: t('columns.onboarding'),
              visibleMediaQuery: WIDE,
              render: (family) =>
                family.onboarded ? (
                  <StatusBadge color="green">{t('search.onboardingDone')}</StatusBadge>
                ) : (
                  <StatusBadge color="gray">{t('search.onboardingPending')}</StatusBadge>
                ),
            },
            {
              accessor: 'member',
              title: t('columns.member'),
              // At 768 px the table keeps what a search is for; filters cover the rest.
              visibleMediaQuery: WIDE,
              render: (family) =>
                family.member ? t('yes', { ns: 'common' }) : t('no', { ns: 'common' }),
            },
            {
              accessor: 'adviser',
              title: t('columns.adviser'),
              noWrap: true,
              render: (family) => family.adviser?.name ?? t('none'),
            },
            {
              accessor: 'children',
              title: t('columns.children'),
              visibleMediaQuery: WIDE,
              textAlign: 'right',
            },
            {
              accessor: 'availableCredits',
              title: t('columns.credits'),
              sortable: true,
              textAlign: 'right',
            },
          ]}
        />
      )}
    </Stack>
  );
}
