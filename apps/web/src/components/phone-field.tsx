import { Group, NativeSelect, TextInput } from '@mantine/core';
import { phoneMaxLength, stripNonDigits } from '@portal/shared/auth';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const CountrySelect = lazy(() => import('./country-select'));

export interface PhoneFieldProps {
  countryCode: string;
  mobile: string;
  onMobileChange: (mobile: string) => void;
  /** Without it the area is shown but cannot be changed (the combined sign-in, spec §2). */
  onCountryChange?: (countryCode: string) => void;
  error?: string;
}

/**
 * Area selector with search and the phone input: digits only as typed, limited to the length of
 * the chosen calling code (spec §5 Phone). A fixed area is a disabled native select, so the
 * sign-in page loads no Combobox (issue #8).
 */
export function PhoneField({
  countryCode,
  mobile,
  onMobileChange,
  onCountryChange,
  error,
}: PhoneFieldProps) {
  const { t } = useTranslation('auth');
  const fixedArea = (width: number) => (
    <NativeSelect
      w={width}
      aria-label={t('areaCode')}
      data={[{ value: countryCode, label: `+${countryCode}` }]}
      value={countryCode}
      disabled
    />
  );

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      {onCountryChange ? (
        <Suspense fallback={fixedArea(170)}>
          <CountrySelect
            countryCode={countryCode}
            mobile={mobile}
            onMobileChange={onMobileChange}
            onCountryChange={onCountryChange}
          />
        </Suspense>
      ) : (
        fixedArea(90)
      )}
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
