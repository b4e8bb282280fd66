import { Badge, type MantineColor } from '@mantine/core';
import type { FamilyLessonStatus } from '@portal/shared/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A state as a light badge whose text stays dark on every tint (Mantine's light green and
 * yellow badges write shade 9 on shade 1, under 4.5:1).
 */
export function StateBadge({ color, children }: { color: MantineColor; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} c="dark.7" miw="max-content">
      {children}
    </Badge>
  );
}

const LESSON_COLORS: Record<FamilyLessonStatus, MantineColor> = {
  upcoming: 'blue',
  'in-progress': 'teal',
  done: 'green',
  'no-show': 'orange',
  'on-leave': 'gray',
  cancelled: 'red',
};

/** A child's lesson state. */
export function LessonStatusBadge({ status }: { status: FamilyLessonStatus }) {
  const { t } = useTranslation('timetable');
  return <StateBadge color={LESSON_COLORS[status]}>{t(`statuses.${status}`)}</StateBadge>;
}

/** Why a class was cancelled, or just "Cancelled" when no reason was recorded. */
export function CancelledBadge({ reason }: { reason: string | null }) {
  const { t } = useTranslation('timetable');
  return (
    <StateBadge color="red">
      {reason ? t(`reasons.${reason}`, { defaultValue: t('cancelled') }) : t('cancelled')}
    </StateBadge>
  );
}
