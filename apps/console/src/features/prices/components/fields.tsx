import { NumberInput, Select, TextInput, type NumberInputProps } from '@mantine/core';
import { PRICE_CURRENCIES } from '@portal/shared/staff';
import { fieldError } from '@portal/web-kit/forms';
import {
  Controller,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput, toMajorUnits, toMinorUnits } from '../utils/money';

/**
 * A whole-number field. An empty box is `undefined`, so the schema answers its own message
 * instead of a type error.
 */
export function WholeNumberField<T extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<T>; name: Path<T> } & Omit<NumberInputProps, 'value' | 'onChange'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          allowDecimal={false}
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as number | undefined) ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
          onBlur={field.onBlur}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  );
}

/**
 * A price typed in major units (189.00) and held by the form in minor units (18900), the unit the
 * server stores; the parents' screens show it with two decimals.
 */
export function PriceField<T extends FieldValues>({
  control,
  name,
  currencyName,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  currencyName: Path<T>;
  label: string;
}) {
  const { t } = useTranslation('prices');
  const currency = useWatch({ control, name: currencyName }) as string | undefined;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={t('form.priceHint', { currency: currency || '—' })}
          decimalScale={2}
          fixedDecimalScale
          min={0}
          thousandSeparator=","
          ref={field.ref}
          name={field.name}
          value={typeof field.value === 'number' ? toMajorUnits(field.value) : ''}
          onChange={(value) => field.onChange(toMinorUnits(value))}
          onBlur={field.onBlur}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  );
}

/** The currency: the usual ones offered, any ISO 4217 code kept (upper case). */
export function CurrencyField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  const { t } = useTranslation('prices');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as string | undefined) ?? '';
        const options: string[] = [...PRICE_CURRENCIES];
        if (value && !options.includes(value)) options.push(value);
        return (
          <Select
            label={t('form.currency')}
            description={t('form.currencyHint')}
            data={options}
            searchable
            allowDeselect={false}
            ref={field.ref}
            name={field.name}
            value={value || null}
            onChange={(next) => field.onChange((next ?? '').toUpperCase())}
            onBlur={field.onBlur}
            error={fieldError(fieldState.error)}
          />
        );
      }}
    />
  );
}

/** A time of the offer in the browser's zone, held by the form as an ISO time (or null). */
export function OfferTimeField<T extends FieldValues>({
  control,
  name,
  label,
  description,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  description: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          type="datetime-local"
          label={label}
          description={description}
          ref={field.ref}
          name={field.name}
          value={toLocalInput(field.value as string | null | undefined)}
          onChange={(event) =>
            field.onChange(fromLocalInput(event.currentTarget.value) as PathValue<T, Path<T>>)
          }
          onBlur={field.onBlur}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  );
}
