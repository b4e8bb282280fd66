import { z } from 'zod';

export * from './messages';

/**
 * Lesson reminders (issue #24): one the day before (by default by e-mail, with the week's other
 * lessons) and one 10 minutes before (by default by SMS, with the link into the lesson).
 */
export const REMINDER_KINDS = ['day_before', 'soon'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** How a reminder reaches the parent. */
export const REMINDER_CHANNEL_CHOICES = ['off', 'email', 'sms', 'both'] as const;
export type ReminderChannelChoice = (typeof REMINDER_CHANNEL_CHOICES)[number];

/** How long before the start each reminder is sent. */
export const REMINDER_LEAD_MS: Readonly<Record<ReminderKind, number>> = {
  day_before: 24 * 3_600_000,
  soon: 10 * 60_000,
};

/** Quiet hours in the parent's zone: no SMS from 22:00 to 08:00 unless the lesson is then too. */
export const QUIET_HOURS = { from: '22:00', to: '08:00' } as const;

/** A provider failure is retried (with back-off) up to this many attempts in all. */
export const REMINDER_MAX_ATTEMPTS = 3;

/** `POST /api/reminderSettings` body, and with `has_email` / `has_mobile` the GET answer. */
export const ReminderSettingsBodySchema = z.object({
  day_before: z.enum(REMINDER_CHANNEL_CHOICES),
  soon: z.enum(REMINDER_CHANNEL_CHOICES),
  quiet_hours: z.boolean(),
});
export type ReminderSettingsBody = z.infer<typeof ReminderSettingsBodySchema>;

export const ReminderSettingsSchema = ReminderSettingsBodySchema.extend({
  /** Without an e-mail address, e-mail reminders cannot reach the parent (the screen says so). */
  has_email: z.boolean(),
  /** The zone the reminders name (the profile's), null when none is known yet. */
  time_zone: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

export const REMINDER_STATES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

/**
 * One reminder message and its delivery state (`GET /api/reminderDeliveries`, and on the
 * family's page in the console): what it was for, by which channel, and what became of it.
 */
export const ReminderDeliverySchema = z.object({
  id: z.number().int(),
  kind: z.enum(REMINDER_KINDS),
  channel: z.enum(['sms', 'email']),
  state: z.enum(REMINDER_STATES),
  attempts: z.number().int(),
  /** The provider's reason of a failure, or why it was skipped (a key such as `cancelled`). */
  reason: z.string().nullable(),
  /** The lesson's start it was for (ISO instant). */
  starts_at: z.string(),
  student_nickname: z.string(),
  course_title: z.string(),
  lesson_number: z.number().int(),
  /** When it was sent, or last tried (ISO instant). */
  updated_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ReminderDelivery = z.infer<typeof ReminderDeliverySchema>;

/** The last 30 days' reminders, newest first (at most 50). */
export const ReminderDeliveriesSchema = z.object({ items: z.array(ReminderDeliverySchema) });
export type ReminderDeliveries = z.infer<typeof ReminderDeliveriesSchema>;
