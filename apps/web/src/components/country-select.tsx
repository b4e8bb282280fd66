import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { phoneMaxLength } from '@portal/shared/auth';
import { useTranslation } from 'react-i18next';
import { countriesQueryOptions } from '../api/countries';
import { currentLanguage } from '../lib/i18n';

export interface CountrySelectProps {
  countryCode: string;
  mobile: string;
  onMobileChange: (mobile: string) => void;
  onCountryChange: (countryCode: string) => void;
}

/**
 * The searchable area selector of the phone field (spec §5 Phone). Its own chunk: Mantine's
 * Combobox and the floating layer under it are not needed where the area is fixed (`/`).
 */
export default function CountrySelect({
  countryCode,
  mobile,
  onMobileChange,
  onCountryChange,
}: CountrySelectProps) {
  const { t } = useTranslation('auth');
  const countries = useQuery(countriesQueryOptions(currentLanguage()));
  // Several regions share a calling code (+1); the selector chooses the code.
  const options = Array.from(
    new Map(
      (countries.data ?? []).map((c) => [
        c.country_code,
        { value: c.country_code, label: `+${c.country_code} ${c.title}` },
      ]),
    ).values(),
  );

  return (
    <Select
      w={170}
      aria-label={t('areaCode')}
      data={options}
      value={countryCode}
      searchable
      nothingFoundMessage={t('noCountry')}
      allowDeselect={false}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
      onChange={(value) => {
        if (!value) return;
        onCountryChange(value);
        // Spec §5: a phone longer than the new code's limit is cleared.
        if (mobile.length > phoneMaxLength(value)) onMobileChange('');
      }}
      renderOption={({ option }) => option.label}
      styles={{ input: { textOverflow: 'ellipsis' } }}
    />
  );
}
