import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Badge.css';
import {
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  type MantineColor,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  QUIET_HOURS,
  REMINDER_CHANNEL_CHOICES,
  ReminderSettingsBodySchema,
  type ReminderDelivery,
  type ReminderKind,
  type ReminderSettings,
  type ReminderSettingsBody,
  type ReminderState,
} from '@portal/shared/reminders';
import { notify } from '@portal/web-kit/notify';
import { browserTimeZone } from '@portal/web-kit/time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage, messageText } from '../../../lib/i18n';
import {
  reminderDeliveriesQueryOptions,
  reminderSettingsQueryOptions,
  remindersApi,
} from '../api/reminders-api';
import { formatLessonStart } from '@portal/web-kit/time';

/** Why a reminder was skipped, as the server names it; anything else is a provider's own text. */
const KNOWN_REASONS = ['cancelled', 'moved', 'started', 'quiet-hours', 'no-email', 'on-leave'];

const STATE_COLORS: Record<ReminderState, MantineColor> = {
  queued: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'gray',
};

const FIELDS = [
  { name: 'day_before', label: 'dayBefore' },
  { name: 'soon', label: 'soon' },
] as const satisfies readonly { name: ReminderKind; label: string }[];

function SettingsForm({ settings, zone }: { settings: ReminderSettings; zone: string }) {
  const { t } = useTranslation('reminders');
  const queryClient = useQueryClient();
  const form = useForm<ReminderSettingsBody>({
    resolver: zodResolver(ReminderSettingsBodySchema),
    defaultValues: {
      day_before: settings.day_before,
      soon: settings.soon,
      quiet_hours: settings.quiet_hours,
    },
  });
  const [dayBefore, soon] = useWatch({ control: form.control, name: ['day_before', 'soon'] });
  const wantsEmail = [dayBefore, soon].some((choice) => choice === 'email' || choice === 'both');
  const save = useMutation({
    mutationFn: remindersApi.save,
    onSuccess: (saved) => {
      notify('green', messageText('reminderSettingsSaved'));
      queryClient.setQueryData(reminderSettingsQueryOptions().queryKey, saved);
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        {FIELDS.map(({ name, label }) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <Radio.Group label={t(label)} value={field.value} onChange={field.onChange}>
                <Group gap="md" mt={6}>
                  {REMINDER_CHANNEL_CHOICES.map((choice) => (
                    <Radio key={choice} value={choice} label={t(`choices.${choice}`)} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
        ))}
        {wantsEmail && !settings.has_email && (
          <Text size="sm" c="red.8" data-testid="reminders-email-missing">
            {t('emailMissing')}
          </Text>
        )}
        <Controller
          control={form.control}
          name="quiet_hours"
          render={({ field }) => (
            <Switch
              label={t('quietHours')}
              description={t('quietHoursHint', { ...QUIET_HOURS, zone })}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function DeliveryItem({ delivery, zone }: { delivery: ReminderDelivery; zone: string }) {
  const { t } = useTranslation('reminders');
  const state = t(`states.${delivery.state}`);
  const reason =
    delivery.reason && KNOWN_REASONS.includes(delivery.reason)
      ? t(`reasons.${delivery.reason}`)
      : delivery.reason;
  // Only a failure or a skip has a reason worth reading beside the state.
  const badge =
    reason && (delivery.state === 'failed' || delivery.state === 'skipped')
      ? t('stateWithReason', { state, reason })
      : state;
  return (
    <Stack component="li" gap={2} data-testid="reminder-delivery">
      <Text size="sm" fw={500}>
        {t('lesson', {
          child: delivery.student_nickname,
          course: delivery.course_title,
          number: delivery.lesson_number,
        })}
      </Text>
      <Text size="sm">{formatLessonStart(delivery.starts_at, zone, currentLanguage())}</Text>
      <Group gap="xs">
        <Text size="sm" c="gray.7">
          {t(`kinds.${delivery.kind}`)} · {t(`channels.${delivery.channel}`)}
        </Text>
        {/* Dark text on every tint: the light badges' own colours fall under 4.5:1 (axe). */}
        <Badge
          variant="light"
          color={STATE_COLORS[delivery.state]}
          c="dark.7"
          tt="none"
          style={{ whiteSpace: 'normal', height: 'auto' }}
        >
          {badge}
        </Badge>
      </Group>
    </Stack>
  );
}

function RecentReminders({ zone }: { zone: string }) {
  const { t } = useTranslation('reminders');
  const deliveries = useQuery(reminderDeliveriesQueryOptions());
  if (deliveries.isPending) return <Skeleton height={60} />;
  if (deliveries.isError) return <Text c="red.8">{t('recentFailed')}</Text>;
  const items = deliveries.data.items;
  if (items.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('none')}
      </Text>
    );
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((delivery) => (
        <DeliveryItem key={delivery.id} delivery={delivery} zone={zone} />
      ))}
    </Stack>
  );
}

/**
 * Profile → "Lesson reminders" (issue #24): how the day-before and the 10-minute reminders reach
 * the parent, quiet hours for SMS, and what became of the last 30 days' reminders.
 */
export function ReminderSettingsSection() {
  const { t } = useTranslation('reminders');
  const settings = useQuery(reminderSettingsQueryOptions());
  // The reminders name the profile's zone; before one is saved, the browser's is the best guess.
  const zone = settings.data?.time_zone ?? browserTimeZone() ?? t('yourZone');
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="reminders-heading">
      <Title order={2} size="h4" id="reminders-heading" mb="sm">
        {t('title')}
      </Title>
      <Stack gap="md">
        <Text size="sm">{t('intro')}</Text>
        {settings.isPending && <Skeleton height={160} />}
        {settings.isError && <Text c="red.8">{t('loadFailed')}</Text>}
        {settings.data && <SettingsForm settings={settings.data} zone={zone} />}
        <Title order={3} size="h5" mt="sm">
          {t('recent')}
        </Title>
        <RecentReminders zone={zone} />
      </Stack>
    </Paper>
  );
}
