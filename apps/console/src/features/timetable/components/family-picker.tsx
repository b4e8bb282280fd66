import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FamilySummary } from '@portal/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { familyPicksQuery } from '../api';

/** Typing waits this long before the families search runs. */
const SEARCH_DELAY_MS = 300;

/**
 * A family picked by searching (GET /api/ops/families?q=, the families page's own search: phone,
 * e-mail, name, user number or a child's name). The server decides what matches, so the
 * options are not filtered again by their labels; the family picked stays an option.
 */
export function FamilyPicker({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable'> & {
  value: string;
  onChange: (userSn: string) => void;
}) {
  const { t } = useTranslation('timetable');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<FamilySummary | null>(null);
  const label = (family: FamilySummary) =>
    t('enrol.familyOption', {
      name: family.name || t('noName'),
      phone: family.phoneMasked,
      userSn: family.userSn,
    });
  // Once a family is picked its label fills the box: that is not a new search.
  const typed = picked && search === label(picked) ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const families = useQuery(familyPicksQuery(q));
  const found = q ? (families.data?.items ?? []) : [];
  const options =
    picked && !found.some((family) => family.userSn === picked.userSn) ? [picked, ...found] : found;
  return (
    <Select
      {...props}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options.map((family) => ({ value: family.userSn, label: label(family) }))}
      value={value || null}
      onChange={(userSn) => {
        setPicked(options.find((family) => family.userSn === userSn) ?? null);
        onChange(userSn ?? '');
      }}
      nothingFoundMessage={
        !q
          ? t('enrol.familyTypeToSearch')
          : families.isFetching
            ? t('loading', { ns: 'common' })
            : t('enrol.noFamily')
      }
    />
  );
}
