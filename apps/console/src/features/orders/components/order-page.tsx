import {
  Anchor,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { OrderDetail } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMe } from '../../../lib/use-me';
import { orderQuery } from '../api';
import { formatMoney, localText, signed } from '../../../lib/money';
import { RefundDialog } from './refund-dialog';
import { OrderStatusBadge, StatusBadge } from './status-badge';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="gray.7">
      {children}
    </Text>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** `/orders/:orderNo`: one order with its sessions, notifications, ledger rows and refunds. */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const { orderNo = '' } = useParams();
  const order = useQuery(orderQuery(orderNo));
  useDocumentTitle(`${t('order.summary')} ${orderNo}`);
  const back = (
    <Anchor component={Link} to={paths.orders} size="sm">
      ← {t('order.back')}
    </Anchor>
  );
  if (order.isPending)
    return (
      <Stack aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
        {back}
        <Skeleton height={36} width={320} />
        <Skeleton height={200} />
      </Stack>
    );
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.httpStatus === 404;
    return (
      <Stack align="flex-start">
        {back}
        <Title order={1}>{missing ? t('order.notFound') : t('loadFailed')}</Title>
        {!missing && (
          <Button variant="light" onClick={() => void order.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        )}
      </Stack>
    );
  }
  return <OrderView order={order.data} back={back} />;
}

function OrderView({ order, back }: { order: OrderDetail; back: ReactNode }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  const { can } = useMe();
  const [refunding, setRefunding] = useState(false);
  const money = (minor: number) => formatMoney(minor, order.currency, language);
  const canRefund = can('money.manage') && order.status === 'paid' && order.refundable > 0;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {back}
        <Group gap="sm" align="center" justify="space-between">
          <Group gap="sm">
            <Title order={1}>
              {t('order.summary')}{' '}
              <Text span ff="monospace" inherit>
                {order.orderNo}
              </Text>
            </Title>
            <OrderStatusBadge status={order.status} />
          </Group>
          {canRefund && (
            <Button color="red" variant="light" onClick={() => setRefunding(true)}>
              {t('order.refund')}
            </Button>
          )}
        </Group>
      </Stack>
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label={t('order.parent')}>
            <Anchor component={Link} to={paths.familyOf(order.parent.userSn)}>
              {order.parent.name || t('noName')}
            </Anchor>{' '}
            <Text span size="xs" c="gray.7">
              {order.parent.userSn}
            </Text>
          </Field>
          <Field label={t('order.item')}>
            {localText(order.title, language)} · {t(`kinds.${order.kind}`)}
            <Text size="xs" c="gray.7">
              {order.kind === 'plan'
                ? t('order.kids', { count: order.kids })
                : t('order.credits', { quantity: order.quantity, extra: order.extraQuantity })}
            </Text>
          </Field>
          <Field label={t('order.amount')}>{money(order.amount)}</Field>
          <Field label={t('order.refunded')}>{money(order.refunded)}</Field>
          <Field label={t('order.refundable')}>{money(order.refundable)}</Field>
          <Field label={t('order.created')}>{formatDateTime(order.createdAt, language)}</Field>
          <Field label={t('order.paid')}>{formatDateTime(order.paidAt, language) || '—'}</Field>
          {order.status === 'pending' && (
            <Field label={t('order.expires')}>{formatDateTime(order.expiresAt, language)}</Field>
          )}
          <Field label={t('order.payMethod')}>
            {order.payMethod === 1 || order.payMethod === 2
              ? t(`order.payMethods.${order.payMethod}`)
              : order.payMethod}{' '}
            · {order.provider}
          </Field>
        </SimpleGrid>
      </Card>

      <Section title={t('order.sessions')}>
        {order.sessions.length === 0 ? (
          <Empty>{t('order.noSessions')}</Empty>
        ) : (
          <Table.ScrollContainer minWidth={500}>
            <Table>
              <Table.Caption c="gray.7">{t('order.sessionsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('order.sessionId')}</Table.Th>
                  <Table.Th>{t('order.created')}</Table.Th>
                  <Table.Th>{t('order.payMethod')}</Table.Th>
                  <Table.Th>{t('order.accepted')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.sessions.map((session) => (
                  <Table.Tr key={session.sessionId}>
                    <Table.Td ff="monospace">{session.sessionId}</Table.Td>
                    <Table.Td>{formatDateTime(session.createdAt, language)}</Table.Td>
                    <Table.Td>
                      {session.payMethod === 1 || session.payMethod === 2
                        ? t(`order.payMethods.${session.payMethod}`)
                        : session.payMethod}
                    </Table.Td>
                    <Table.Td>
                      {session.accepted ? t('yes', { ns: 'common' }) : t('no', { ns: 'common' })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={t('order.events')}>
        {order.events.length === 0 ? (
          <Empty>{t('order.noEvents')}</Empty>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table>
              <Table.Caption c="gray.7">{t('order.eventsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('order.eventType')}</Table.Th>
                  <Table.Th>{t('order.eventId')}</Table.Th>
                  <Table.Th>{t('order.received')}</Table.Th>
                  <Table.Th>{t('order.verified')}</Table.Th>
                  <Table.Th>{t('order.outcome')}</Table.Th>
                  <Table.Th>{t('order.detail')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.events.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td ff="monospace">{event.type}</Table.Td>
                    <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {event.eventId}
                    </Table.Td>
                    <Table.Td>{formatDateTime(event.receivedAt, language)}</Table.Td>
                    <Table.Td>
                      {/* The badge's own width would cut the words short in this narrow column. */}
                      <Text size="sm" c="dark.8" fw={600}>
                        {t('order.verifiedYes')}
                      </Text>
                    </Table.Td>
                    <Table.Td ff="monospace">{event.outcome}</Table.Td>
                    <Table.Td>
                      {event.detail && Object.keys(event.detail).length > 0 && (
                        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {JSON.stringify(event.detail, null, 1)}
                        </Code>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={t('order.ledger')}>
        {order.ledger.length === 0 ? (
          <Empty>{t('order.noLedger')}</Empty>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table>
              <Table.Caption c="gray.7">{t('order.ledgerCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('order.created')}</Table.Th>
                  <Table.Th>{t('order.ledgerEvent')}</Table.Th>
                  <Table.Th>{t('order.ledgerTitle')}</Table.Th>
                  <Table.Th ta="right">{t('order.paidDelta')}</Table.Th>
                  <Table.Th ta="right">{t('order.rewardDelta')}</Table.Th>
                  <Table.Th ta="right">{t('order.reservedDelta')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.ledger.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDateTime(row.createdAt, language)}</Table.Td>
                    <Table.Td ff="monospace">{row.event}</Table.Td>
                    <Table.Td>{localText(row.title, language)}</Table.Td>
                    <Table.Td ta="right">{signed(row.paidDelta)}</Table.Td>
                    <Table.Td ta="right">{signed(row.rewardDelta)}</Table.Td>
                    <Table.Td ta="right">{signed(row.reservedDelta)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={t('order.refunds')}>
        {order.refunds.length === 0 ? (
          <Empty>{t('order.noRefunds')}</Empty>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table>
              <Table.Caption c="gray.7">{t('order.refundsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('order.refundNo')}</Table.Th>
                  <Table.Th ta="right">{t('order.amount')}</Table.Th>
                  <Table.Th ta="right">{t('order.refundCredits')}</Table.Th>
                  <Table.Th>{t('order.refundStatus')}</Table.Th>
                  <Table.Th>{t('order.refundReason')}</Table.Th>
                  <Table.Th>{t('order.requestedBy')}</Table.Th>
                  <Table.Th>{t('order.requested')}</Table.Th>
                  <Table.Th>{t('order.confirmed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.refunds.map((refund) => (
                  <Table.Tr key={refund.refundNo}>
                    <Table.Td ff="monospace">{refund.refundNo}</Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(refund.amount, refund.currency, language)}
                    </Table.Td>
                    <Table.Td ta="right">{refund.credits}</Table.Td>
                    <Table.Td>
                      <StatusBadge
                        color={
                          refund.status === 'succeeded'
                            ? 'green'
                            : refund.status === 'failed'
                              ? 'red'
                              : 'yellow'
                        }
                      >
                        {t(`order.refundStatuses.${refund.status}`)}
                      </StatusBadge>
                      {refund.failureReason && (
                        <Text size="xs" c="gray.7">
                          {refund.failureReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {refund.reason}
                      {refund.isPlanCancellation && (
                        <Text size="xs" c="gray.7">
                          {t('order.planCancellation')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{refund.staff?.name ?? '—'}</Table.Td>
                    <Table.Td>{formatDateTime(refund.requestedAt, language)}</Table.Td>
                    <Table.Td>{formatDateTime(refund.confirmedAt, language) || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      {canRefund && (
        <RefundDialog order={order} opened={refunding} onClose={() => setRefunding(false)} />
      )}
    </Stack>
  );
}
