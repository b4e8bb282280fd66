import { Select } from '@mantine/core';
import type { StaffRole } from '@portal/shared/staff';
import { fieldError } from '@portal/web-kit/forms';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStaffOptions } from './role-options';

/** The role of a staff form (`name`, "role" by default), one of the roles; `disabled` with a reason. */
export function RoleField<T extends FieldValues & { role: StaffRole }>({
  control,
  disabled,
  description,
}: {
  control: Control<T>;
  disabled?: boolean;
  description?: string;
}) {
  const { t } = useTranslation('staff');
  const { roles } = useStaffOptions();
  return (
    <Controller
      control={control}
      name={'role' as Path<T>}
      render={({ field, fieldState }) => (
        <Select
          label={t('role')}
          data={roles}
          allowDeselect={false}
          disabled={disabled}
          description={description}
          value={field.value as StaffRole}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  );
}
