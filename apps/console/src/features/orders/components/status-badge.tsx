import { Badge, type MantineColor } from '@mantine/core';
import type { OrderStatus } from '@portal/shared/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A state as a light badge, its text dark on every tint (4.5:1, as the other screens). */
export function StatusBadge({ color, children }: { color: MantineColor; children: ReactNode }) {
  return (
    <Badge variant="light" color={color} c="dark.8">
      {children}
    </Badge>
  );
}

const ORDER_COLORS: Record<OrderStatus, MantineColor> = {
  pending: 'yellow',
  paid: 'green',
  cancelled: 'gray',
  expired: 'gray',
  refunded: 'orange',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return <StatusBadge color={ORDER_COLORS[status]}>{t(`statuses.${status}`)}</StatusBadge>;
}
