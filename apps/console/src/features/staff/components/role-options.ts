import { STAFF_ROLES, STAFF_STATUSES } from '@portal/shared/staff';
import { useTranslation } from 'react-i18next';

/** The roles and statuses as Select options in the interface language. */
export function useStaffOptions() {
  const { t } = useTranslation('staff');
  const { t: common } = useTranslation();
  return {
    roles: STAFF_ROLES.map((role) => ({ value: role, label: common(`roles.${role}`) })),
    statuses: STAFF_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
  };
}
