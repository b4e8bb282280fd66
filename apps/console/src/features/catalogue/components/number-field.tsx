import { NumberInput, type NumberInputProps } from '@mantine/core';
import { fieldError } from '@portal/web-kit/forms';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/**
 * A whole-number field of a form. An empty box is `undefined`, so the form's schema answers its
 * own message ("… must be a whole number …") instead of a type error.
 */
export function NumberField<T extends FieldValues>({
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
