import { Button, Group, Stack, Tabs, Text, type MantineColor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type {
  FamilyDetail,
  FamilyLesson,
  FamilyLessonStatus,
  FamilyMessage,
  FamilyOrder,
  FamilySession,
  LedgerItem,
} from '@portal/shared/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { Language } from '@portal/shared/i18n';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { applyFamilyWrite, familiesApi, ledgerQuery } from '../api';
import { formatDateTime } from '../../../lib/format';
import { browserTimeZone } from '@portal/web-kit/time';
import { formatMoney, localText, signed } from '../../../lib/money';
import { Dialog } from '../../../components/dialog';
import { useTableTexts } from '../../../components/use-table-texts';
import { StatusBadge } from './status-badge';
import { EmptyText } from './empty-text';
import { RemindersTable } from './reminders-table';

const TABS = [
  'upcoming',
  'past',
  'ledger',
  'orders',
  'sessions',
  'messages',
  'reminders',
  'audit',
] as const;
type Tab = (typeof TABS)[number];
const LEDGER_PAGE_SIZE = 20;

/** Tables of the family page share a look; an empty one says so in its own words. */
const TABLE_LOOK = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  verticalSpacing: 'xs',
} as const;

/** A family table's look, its `records`, and the `empty` words in room for them. */
function tableOf<T>(records: T[], empty: string) {
  return {
    ...TABLE_LOOK,
    minHeight: records.length ? undefined : 160,
    records,
    emptyState: <EmptyText>{empty}</EmptyText>,
  };
}

/** A column of instants shown as date and time; `fallback` for none. */
function timeColumn<T>(
  accessor: keyof T & string,
  title: string,
  language: Language,
  fallback = '',
): DataTableColumn<T> {
  return {
    accessor,
    title,
    render: (record) => {
      const value = record[accessor] as string | null;
      return value ? formatDateTime(value, language) : fallback;
    },
  };
}

const LESSON_COLORS: Record<FamilyLessonStatus, MantineColor> = {
  upcoming: 'blue',
  'in-progress': 'teal',
  done: 'green',
  'no-show': 'red',
  'on-leave': 'yellow',
  cancelled: 'gray',
};

function LessonsTable({ lessons, empty }: { lessons: FamilyLesson[]; empty: string }) {
  const { t } = useTranslation('families');
  const language = currentLanguage();
  return (
    <DataTable<FamilyLesson>
      {...tableOf(lessons, empty)}
      columns={[
        timeColumn('startsAt', t('lessons.when'), language),
        {
          accessor: 'course',
          title: t('lessons.course'),
          render: (lesson) => localText(lesson.course, language),
        },
        { accessor: 'child', title: t('lessons.child') },
        {
          accessor: 'status',
          title: t('lessons.status'),
          render: (lesson) => (
            <StatusBadge color={LESSON_COLORS[lesson.status]}>
              {t(`lessons.statuses.${lesson.status}`)}
            </StatusBadge>
          ),
        },
      ]}
    />
  );
}

/** The credit ledger, paged by the server (`ledgerPage` in the URL). */
function LedgerTable({ userSn }: { userSn: string }) {
  const { t } = useTranslation('families');
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('ledgerPage')) || 1);
  const ledger = useQuery(ledgerQuery(userSn, page, LEDGER_PAGE_SIZE));
  const tableTexts = useTableTexts();
  const amount = (value: number) => (
    <Text size="sm" c={value < 0 ? 'red.9' : undefined}>
      {signed(value)}
    </Text>
  );
  if (ledger.isError && !ledger.data)
    return (
      <Stack align="flex-start">
        <Text role="alert">{t('ledger.failed')}</Text>
        <Button variant="light" onClick={() => void ledger.refetch()}>
          {t('retry', { ns: 'common' })}
        </Button>
      </Stack>
    );
  return (
    <DataTable<LedgerItem>
      {...tableOf(ledger.data?.items ?? [], t('ledger.none'))}
      fetching={ledger.isFetching}
      totalRecords={ledger.data?.total ?? 0}
      recordsPerPage={LEDGER_PAGE_SIZE}
      page={page}
      onPageChange={(next) =>
        setParams((previous) => {
          const updated = new URLSearchParams(previous);
          updated.set('ledgerPage', String(next));
          return updated;
        })
      }
      {...tableTexts}
      columns={[
        timeColumn('at', t('ledger.at'), language),
        {
          accessor: 'title',
          title: t('ledger.event'),
          render: (item) => localText(item.title, language),
        },
        {
          accessor: 'paid',
          title: t('ledger.paid'),
          textAlign: 'right',
          render: (i) => amount(i.paid),
        },
        {
          accessor: 'reward',
          title: t('ledger.reward'),
          textAlign: 'right',
          render: (item) => amount(item.reward),
        },
        {
          accessor: 'reserved',
          title: t('ledger.reserved'),
          textAlign: 'right',
          render: (item) => amount(item.reserved),
        },
      ]}
    />
  );
}

const ORDER_COLORS: Record<FamilyOrder['status'], MantineColor> = {
  pending: 'yellow',
  paid: 'green',
  cancelled: 'gray',
  expired: 'gray',
  refunded: 'blue',
};

function OrdersTable({ orders }: { orders: FamilyOrder[] }) {
  const { t } = useTranslation('families');
  const language = currentLanguage();
  return (
    <DataTable<FamilyOrder>
      {...tableOf(orders, t('orders.none'))}
      idAccessor="orderNo"
      columns={[
        {
          accessor: 'orderNo',
          title: t('orders.orderNo'),
          render: (order) => (
            <Text size="sm" ff="monospace">
              {order.orderNo}
            </Text>
          ),
        },
        timeColumn('createdAt', t('orders.createdAt'), language),
        {
          accessor: 'title',
          title: t('orders.title'),
          render: (order) => localText(order.title, language),
        },
        {
          accessor: 'amount',
          title: t('orders.amount'),
          textAlign: 'right',
          render: (order) => formatMoney(order.amount, order.currency, language),
        },
        {
          accessor: 'status',
          title: t('orders.status'),
          render: (order) => (
            <StatusBadge color={ORDER_COLORS[order.status]}>
              {t(`orders.statuses.${order.status}`)}
            </StatusBadge>
          ),
        },
      ]}
    />
  );
}

/** The parent's live sessions, and "sign out everywhere" (`families.write`; audited). */
function SessionsPanel({ family, canWrite }: { family: FamilyDetail; canWrite: boolean }) {
  const { t } = useTranslation('families');
  const language = currentLanguage();
  const client = useQueryClient();
  const userSn = family.parent.userSn;
  const [confirming, confirm] = useDisclosure(false);
  const signOut = useMutation({
    mutationFn: () => familiesApi.signOutEverywhere(userSn),
    onSuccess: () => {
      applyFamilyWrite(client, userSn, (detail) => ({ ...detail, sessions: [] }));
      confirm.close();
    },
  });
  return (
    <Stack gap="sm">
      {canWrite && (
        <Group justify="flex-end">
          <Button
            variant="light"
            color="red.8"
            onClick={confirm.open}
            disabled={family.sessions.length === 0}
          >
            {t('sessions.signOutEverywhere')}
          </Button>
        </Group>
      )}
      {signOut.isSuccess && family.sessions.length === 0 && (
        <Text size="sm" role="status">
          {t('sessions.done')}
        </Text>
      )}
      <DataTable<FamilySession>
        {...tableOf(family.sessions, t('sessions.none'))}
        columns={[
          timeColumn('createdAt', t('sessions.createdAt'), language),
          timeColumn('lastSeenAt', t('sessions.lastSeenAt'), language, t('none')),
          timeColumn('expiresAt', t('sessions.expiresAt'), language),
        ]}
      />
      <Dialog opened={confirming} onClose={confirm.close} title={t('sessions.confirmTitle')}>
        <Text size="sm">{t('sessions.confirmText')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button
            color="red.8"
            loading={signOut.isPending}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            {t('sessions.confirm')}
          </Button>
        </Group>
      </Dialog>
    </Stack>
  );
}

const MESSAGE_COLORS: Record<FamilyMessage['status'], MantineColor> = {
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
};

function MessagesTable({ messages }: { messages: FamilyMessage[] }) {
  const { t, i18n } = useTranslation('families');
  const language = currentLanguage();
  // A kind the console does not know yet is shown as the server names it.
  const kind = (value: string) =>
    i18n.exists(`families:messages.kinds.${value}`) ? t(`messages.kinds.${value}`) : value;
  return (
    <DataTable<FamilyMessage>
      {...tableOf(messages, t('messages.none'))}
      columns={[
        timeColumn('createdAt', t('messages.createdAt'), language),
        {
          accessor: 'channel',
          title: t('messages.channel'),
          render: (message) => t(`messages.channels.${message.channel}`),
        },
        {
          accessor: 'recipientMasked',
          title: t('messages.recipient'),
          render: (message) => (
            <Text size="sm" ff="monospace">
              {message.recipientMasked}
            </Text>
          ),
        },
        { accessor: 'kind', title: t('messages.kind'), render: (message) => kind(message.kind) },
        {
          accessor: 'status',
          title: t('messages.status'),
          render: (message) => (
            <StatusBadge color={MESSAGE_COLORS[message.status]}>
              {t(`messages.statuses.${message.status}`)}
            </StatusBadge>
          ),
        },
      ]}
    />
  );
}

export interface FamilyTabsProps {
  family: FamilyDetail;
  canWrite: boolean;
  /** The family's audit entries (features/audit, composed in app/routes.tsx); none hides the tab. */
  AuditSection?: ComponentType<{ userSn: string }>;
}

/**
 * Lessons, ledger, orders, sessions, messages, lesson reminders and audit entries; the open tab is
 * in the URL.
 */
export function FamilyTabs({ family, canWrite, AuditSection }: FamilyTabsProps) {
  const { t } = useTranslation('families');
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => tab !== 'audit' || AuditSection);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'upcoming';
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.set('tab', value ?? 'upcoming');
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {tabs.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {t(`tabs.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="upcoming">
        <LessonsTable lessons={family.upcomingLessons} empty={t('lessons.noneUpcoming')} />
      </Tabs.Panel>
      <Tabs.Panel value="past">
        <LessonsTable lessons={family.pastLessons} empty={t('lessons.nonePast')} />
      </Tabs.Panel>
      <Tabs.Panel value="ledger">
        <LedgerTable userSn={family.parent.userSn} />
      </Tabs.Panel>
      <Tabs.Panel value="orders">
        <OrdersTable orders={family.orders} />
      </Tabs.Panel>
      <Tabs.Panel value="sessions">
        <SessionsPanel family={family} canWrite={canWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="messages">
        <MessagesTable messages={family.messages} />
      </Tabs.Panel>
      <Tabs.Panel value="reminders">
        <RemindersTable
          reminders={family.reminders}
          zone={family.parent.timeZone ?? browserTimeZone() ?? 'UTC'}
        />
      </Tabs.Panel>
      {AuditSection && (
        <Tabs.Panel value="audit">
          <AuditSection userSn={family.parent.userSn} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
