import { Text, type MantineColor } from '@mantine/core';
import type { ReminderDelivery, ReminderState } from '@portal/shared/reminders';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatLessonStart } from '@portal/web-kit/time';
import { EmptyText } from './empty-text';
import { StatusBadge } from './status-badge';

/** Why a reminder was skipped, as the server names it; anything else is a provider's own text. */
const KNOWN_REASONS = ['cancelled', 'moved', 'started', 'quiet-hours', 'no-email', 'on-leave'];

const STATE_COLORS: Record<ReminderState, MantineColor> = {
  queued: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'gray',
};

/**
 * The family's lesson reminders of the last 30 days (issue #24), as the parent sees them on the
 * profile: which lesson, its start in the parent's zone, how, and what became of it and why.
 */
export function RemindersTable({
  reminders,
  zone,
}: {
  reminders: ReminderDelivery[];
  /** The parent's zone (the one the reminders named); the browser's when the profile has none. */
  zone: string;
}) {
  const { t, i18n } = useTranslation('families');
  const language = currentLanguage();
  const reason = (value: string | null) => {
    if (!value) return '';
    return KNOWN_REASONS.includes(value) && i18n.exists(`families:reminders.reasons.${value}`)
      ? t(`reminders.reasons.${value}`)
      : value;
  };
  return (
    <DataTable<ReminderDelivery>
      withTableBorder
      borderRadius="md"
      striped
      verticalSpacing="xs"
      minHeight={reminders.length ? undefined : 160}
      records={reminders}
      emptyState={<EmptyText>{t('reminders.none')}</EmptyText>}
      columns={[
        {
          accessor: 'starts_at',
          title: t('reminders.startsAt'),
          render: (item) => formatLessonStart(item.starts_at, zone, language),
        },
        {
          accessor: 'lesson_number',
          title: t('reminders.lesson'),
          render: (item) =>
            t('reminders.lessonText', {
              child: item.student_nickname,
              course: item.course_title,
              number: item.lesson_number,
            }),
        },
        {
          accessor: 'kind',
          title: t('reminders.kind'),
          render: (item) => t(`reminders.kinds.${item.kind}`),
        },
        {
          accessor: 'channel',
          title: t('reminders.channel'),
          render: (item) => t(`messages.channels.${item.channel}`),
        },
        {
          accessor: 'state',
          title: t('reminders.state'),
          // The badge keeps its whole word ("已发送" was cut to "已…" in a narrow column).
          width: 110,
          render: (item) => (
            <StatusBadge color={STATE_COLORS[item.state]}>
              {t(`reminders.states.${item.state}`)}
            </StatusBadge>
          ),
        },
        {
          accessor: 'reason',
          title: t('reminders.reason'),
          render: (item) => (
            <Text size="sm">
              {reason(item.reason)}
              {item.state === 'failed' && ` (${t('reminders.attempts', { count: item.attempts })})`}
            </Text>
          ),
        },
        {
          accessor: 'updated_at',
          title: t('reminders.updatedAt'),
          render: (item) => formatDateTime(item.sent_at ?? item.updated_at, language),
        },
      ]}
    />
  );
}
