import { Badge } from '@mantine/core';
import type { StaffStatus } from '@portal/shared/staff';
import { useTranslation } from 'react-i18next';

/** The dot's colour; the text stays dark (light badges' coloured text is under 4.5:1). */
const STATUS_COLOR: Record<StaffStatus, string> = {
  invited: 'blue',
  active: 'green',
  disabled: 'gray',
};

/** The teacher's staff account: a disabled one cannot sign in to teach. */
export function StatusBadge({ status }: { status: StaffStatus }) {
  const { t } = useTranslation('teachers');
  return (
    <Badge variant="dot" radius="sm" color={STATUS_COLOR[status]} miw="max-content" c="dark.7">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
