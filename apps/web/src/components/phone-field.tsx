import { Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { phoneMaxLength, stripNonDigits } from '@portal/shared/auth';
import { useTranslation } from 'react-i18next';
import { countriesQueryOptions } from '../lib/countries';
import { currentLanguage } from '../lib/i18n';

export interface PhoneFieldProps {
  countryCode: string;
  mobile: string;
  onMobileChange: (mobile: string) => void;
  /** Without it the area selector is shown but disabled (the combined sign-in, spec §2). */
  onCountryChange?: (countryCode: string) => void;
  error?: string;
}

/**
 * Area selector with search and the phone input: digits only as typed, limited to the length of
 * the chosen calling code (spec §5 Phone).
 */
export function PhoneField({
  countryCode,
  mobile,
  onMobileChange,
  onCountryChange,
  error,
}: PhoneFieldProps) {
  const { t } = useTranslation('auth');
  const countries = useQuery({
    ...countriesQueryOptions(currentLanguage()),
    enabled: Boolean(onCountryChange),
  });
  const options = onCountryChange
    ? // Several regions share a calling code (+1); the selector chooses the code.
      Array.from(
        new Map(
          (countries.data ?? []).map((c) => [
            c.country_code,
            { value: c.country_code, label: `+${c.country_code} ${c.title}` },
          ]),
        ).values(),
      )
    : [{ value: countryCode, label: `+${countryCode}` }];

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        w={onCountryChange ? 170 : 90}
        aria-label={t('areaCode')}
        data={options}
        value={countryCode}
        disabled={!onCountryChange}
        searchable
        nothingFoundMessage={t('noCountry')}
        allowDeselect={false}
        comboboxProps={{ width: 280, position: 'bottom-start' }}
        onChange={(value) => {
          if (!value || !onCountryChange) return;
          onCountryChange(value);
          // Spec §5: a phone longer than the new code's limit is cleared.
          if (mobile.length > phoneMaxLength(value)) onMobileChange('');
        }}
        renderOption={({ option }) => option.label}
        styles={{ input: { textOverflow: 'ellipsis' } }}
      />
      <TextInput
        style={{ flex: 1 }}
        label={t('phone')}
        labelProps={{ className: 'visually-hidden' }}
        placeholder={t('phonePlaceholder')}
        inputMode="numeric"
        autoComplete="tel-national"
        value={mobile}
        maxLength={phoneMaxLength(countryCode)}
        onChange={(event) =>
          onMobileChange(
            stripNonDigits(event.currentTarget.value).slice(0, phoneMaxLength(countryCode)),
          )
        }
        error={error}
      />
    </Group>
  );
}
