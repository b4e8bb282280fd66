import { canonicalTimeZone } from '@portal/shared/api';
import type { Language } from '@portal/shared/i18n';
import {
  REMINDER_LEAD_MS,
  REMINDER_MAX_ATTEMPTS,
  type ReminderKind,
  type ReminderSettingsBody,
  type ReminderState,
} from '@portal/shared/reminders';
import type { AppContext } from '../../app-context';
import { translate } from '../../lib/catalogue';
import { localParts } from '../../lib/time';
import { findParentById } from '../parents/parents.service';
import { sendEmailToParent, sendSmsToParent } from '../messages/messages.service';
import {
  deleteParentReminders,
  findDeliveries,
  findFamilyLessonsBetween,
  findReminderLesson,
  findSettings,
  findStaleQueuedIds,
  insertDueReminders,
  lockReminder,
  updateReminder,
  upsertSettings,
  type ReminderLessonRow,
} from './reminders.repository';

/**
 * Lesson reminders (issue #24). A planner (every minute) inserts one `lesson_reminders` row per
 * lesson, kind and chosen channel once the reminder's moment has come; a worker sends each row
 * with `sendReminder`, which reads the lesson again at that moment, so a moved or cancelled
 * lesson sends the new time or nothing, never the old one.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'providers' | 'config'>;

const DAY_MS = 86_400_000;
/** A day-before reminder whose moment passed longer ago than this is not planned at all. */
export const DAY_BEFORE_STALE_MS = 3_600_000;
/**
 * How long a worker's claim on a row holds. The send happens outside the claiming transaction
 * (the local providers and the message log write through their own connection, and the embedded
 * database has only one), so the claim is a mark, not a held lock; a worker that died mid-send
 * leaves it, and after this long another may send the row again.
 */
export const SEND_CLAIM_MS = 5 * 60_000;
/** The claim's mark in `reason` while a worker sends the row. */
const SENDING = 'sending';
/** The message log's kind (the console lists it). */
export const REMINDER_MESSAGE_KIND = 'lesson-reminder';
const DELIVERY_DAYS = 30;
const DELIVERY_LIMIT = 50;
/** The day-before e-mail lists the family's other lessons of the next 7 days. */
const WEEK_MS = 7 * DAY_MS;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsBody = {
  day_before: 'email',
  soon: 'sms',
  quiet_hours: true,
};

export interface ReminderSettingsView extends ReminderSettingsBody {
  hasEmail: boolean;
  timeZone: string | null;
}

export async function getReminderSettings(
  ctx: Pick<AppContext, 'db'>,
  parentId: number,
): Promise<ReminderSettingsView> {
  const [row, parent] = await Promise.all([
    findSettings(ctx.db, parentId),
    findParentById(ctx.db, parentId),
  ]);
  return {
    day_before: row?.day_before ?? DEFAULT_REMINDER_SETTINGS.day_before,
    soon: row?.soon ?? DEFAULT_REMINDER_SETTINGS.soon,
    quiet_hours: row?.quiet_hours ?? DEFAULT_REMINDER_SETTINGS.quiet_hours,
    hasEmail: Boolean(parent?.email),
    timeZone: (parent?.time_zone && canonicalTimeZone(parent.time_zone)) || null,
  };
}

export async function saveReminderSettings(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
  body: ReminderSettingsBody,
): Promise<ReminderSettingsView> {
  await upsertSettings(
    ctx.db,
    parentId,
    { day_before: body.day_before, soon: body.soon, quiet_hours: body.quiet_hours },
    ctx.clock.now(),
  );
  return getReminderSettings(ctx, parentId);
}

export interface ReminderDeliveryView {
  id: number;
  kind: ReminderKind;
  channel: 'sms' | 'email';
  state: ReminderState;
  attempts: number;
  reason: string | null;
  startsAt: Date;
  nickname: string;
  course: { en: string; zh: string };
  lessonNumber: number;
  updatedAt: Date;
  sentAt: Date | null;
}

/** The parent's reminders of the last 30 days, newest first (at most 50). */
export async function listReminderDeliveries(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  parentId: number,
): Promise<ReminderDeliveryView[]> {
  const since = new Date(ctx.clock.now().getTime() - DELIVERY_DAYS * DAY_MS);
  const rows = await findDeliveries(ctx.db, parentId, since, DELIVERY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    state: row.state,
    attempts: row.attempts,
    // A claim in flight is still "queued" to the reader, without the internal mark.
    reason: row.reason === SENDING ? null : row.reason,
    startsAt: row.startsAt,
    nickname: row.nickname,
    course: courseTitles(row),
    lessonNumber: row.lessonNumber,
    updatedAt: row.updatedAt,
    sentAt: row.sentAt,
  }));
}

/**
 * Plans the reminders whose moment (start − 24 h, start − 10 min) has come, for lessons still to
 * start that are neither cancelled nor on leave, by the channels each parent chose ('off': none).
 * A day-before reminder more than an hour late (a lesson booked less than a day ahead) is not
 * planned: "tomorrow" would be wrong and the 10-minute one still comes. Answers the new rows' ids;
 * two planners at the same moment insert each row once.
 */
export function planDueReminders(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number[]> {
  return insertDueReminders(ctx.db, now, {
    dayBeforeMs: REMINDER_LEAD_MS.day_before,
    soonMs: REMINDER_LEAD_MS.soon,
    staleAfterMs: DAY_BEFORE_STALE_MS,
  });
}

/**
 * Forgets the family's reminder choices and reminders (an erased account: they serve only a live
 * family, and their texts named the children).
 */
export function forgetReminders(ctx: Pick<AppContext, 'db'>, parentId: number): Promise<void> {
  return deleteParentReminders(ctx.db, parentId);
}

/** The queue's jobs (jobs/index.ts): the planner every minute, and one send per reminder. */
export const PLAN_REMINDERS_JOB = 'lesson-reminders';
export const SEND_REMINDER_JOB = 'lesson-reminder';

/**
 * What the planner hands to senders: the reminders planned now, and queued ones left untouched
 * for longer than a send's claim (their send job was lost, or its worker died).
 */
export async function remindersToSend(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number[]> {
  const planned = await planDueReminders(ctx, now);
  const stale = await findStaleQueuedIds(ctx.db, new Date(now.getTime() - SEND_CLAIM_MS), 500);
  return [...new Set([...planned, ...stale])];
}

export type SendOutcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'done';

/** Why a reminder was not sent (the screens translate these keys). */
export type SkipReason =
  'cancelled' | 'on-leave' | 'moved' | 'started' | 'quiet-hours' | 'no-email';

interface Message {
  channel: 'sms' | 'email';
  parentId: number;
  email: string | null;
  phone: { country_code: string; mobile: string };
  subject: string;
  text: string;
}

/**
 * Sends one planned reminder, at most once. The row is claimed in a transaction (locked with
 * SKIP LOCKED, marked as being sent), the provider is called, and the outcome is written.
 * 'done': nothing to do (sent, skipped or failed already, or another worker has it). 'retry':
 * the provider failed and attempts remain; the caller's queue tries again with back-off.
 */
export async function sendReminder(ctx: Ctx, reminderId: number, now: Date): Promise<SendOutcome> {
  const claim = await ctx.db.transaction(async (tx) => {
    const row = await lockReminder(tx, reminderId);
    if (!row || row.state !== 'queued') return { outcome: 'done' as const };
    const claimed =
      row.reason === SENDING && now.getTime() - row.updated_at.getTime() < SEND_CLAIM_MS;
    if (claimed) return { outcome: 'done' as const };
    const lesson = await findReminderLesson(tx, row.lesson_id);
    if (!lesson) return { outcome: 'done' as const };
    const zone = zoneOf(ctx, lesson);
    const settings = await findSettings(tx, lesson.parent.id);
    const quietHours = settings?.quiet_hours ?? DEFAULT_REMINDER_SETTINGS.quiet_hours;
    const skip = skipReason(row, lesson, { zone, quietHours }, now);
    if (skip) {
      await updateReminder(tx, row.id, { state: 'skipped', reason: skip, updated_at: now });
      return { outcome: 'skipped' as const };
    }
    const week =
      row.kind === 'day_before' && row.channel === 'email'
        ? await findFamilyLessonsBetween(
            tx,
            lesson.parent.id,
            now,
            new Date(now.getTime() + WEEK_MS),
          )
        : [];
    const message = composeReminder(ctx, row.kind, row.channel, lesson, zone, week);
    await updateReminder(tx, row.id, { reason: SENDING, updated_at: now });
    return { outcome: 'send' as const, message, attempts: row.attempts };
  });
  if (claim.outcome !== 'send') return claim.outcome;

  const { message } = claim;
  const attempts = claim.attempts + 1;
  try {
    if (message.channel === 'sms')
      await sendSmsToParent(ctx, {
        parentId: message.parentId,
        phone: message.phone,
        text: message.text,
        kind: REMINDER_MESSAGE_KIND,
      });
    else
      await sendEmailToParent(ctx, {
        parentId: message.parentId,
        email: { to: message.email!, subject: message.subject, text: message.text },
        kind: REMINDER_MESSAGE_KIND,
      });
  } catch (error) {
    const failed = attempts >= REMINDER_MAX_ATTEMPTS;
    await updateReminder(ctx.db, reminderId, {
      state: failed ? 'failed' : 'queued',
      attempts,
      reason: providerReason(error),
      updated_at: ctx.clock.now(),
    });
    return failed ? 'failed' : 'retry';
  }
  const sentAt = ctx.clock.now();
  await updateReminder(ctx.db, reminderId, {
    state: 'sent',
    attempts,
    reason: null,
    sent_at: sentAt,
    updated_at: sentAt,
  });
  return 'sent';
}

function zoneOf(ctx: Pick<AppContext, 'config'>, lesson: ReminderLessonRow): string {
  return (
    (lesson.parent.timeZone && canonicalTimeZone(lesson.parent.timeZone)) ||
    canonicalTimeZone(lesson.courseZone) ||
    ctx.config.schoolTimeZone
  );
}

/** Why this reminder must not go now, read from the lesson as it is at this moment. */
function skipReason(
  row: { starts_at: Date; channel: 'sms' | 'email' },
  lesson: ReminderLessonRow,
  { zone, quietHours }: { zone: string; quietHours: boolean },
  now: Date,
): SkipReason | null {
  if (lesson.cancelledAt) return 'cancelled';
  if (lesson.leaveAt) return 'on-leave';
  // The planner made rows for the new start; this one names a time that is no longer true.
  if (lesson.startsAt.getTime() !== row.starts_at.getTime()) return 'moved';
  if (lesson.startsAt.getTime() <= now.getTime()) return 'started';
  if (row.channel === 'email' && !lesson.parent.email) return 'no-email';
  // Held back, not moved to e-mail: a parent who chose "both" gets the e-mail row anyway.
  if (
    row.channel === 'sms' &&
    quietHours &&
    inQuietHours(now, zone) &&
    !inQuietHours(lesson.startsAt, zone)
  )
    return 'quiet-hours';
  return null;
}

/** 22:00–08:00 on the wall clock of `zone`. */
export function inQuietHours(instant: Date, zone: string): boolean {
  const { hour } = localParts(instant, zone);
  return hour >= 22 || hour < 8;
}

function courseTitles(row: {
  subjectEn: string;
  subjectZh: string;
  levelEn: string;
  levelZh: string;
}) {
  return {
    en: `${row.subjectEn} ${row.levelEn}`,
    zh: `${row.subjectZh || row.subjectEn} ${row.levelZh || row.levelEn}`,
  };
}

const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const ZH_WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A start on the parent's wall clock, naming the zone: "Tue 25 Nov, 19:00 Asia/Shanghai" /
 * "11月25日 周二 19:00 Asia/Shanghai".
 */
export function reminderTime(instant: Date, zone: string, language: Language): string {
  const local = localParts(instant, zone);
  const time = `${pad(local.hour)}:${pad(local.minute)}`;
  return language === 'zh_CN'
    ? `${local.month}月${local.day}日 ${ZH_WEEKDAYS[local.weekday]} ${time} ${zone}`
    : `${EN_WEEKDAYS[local.weekday]} ${local.day} ${EN_MONTHS[local.month - 1]}, ${time} ${zone}`;
}

type LessonLike = Pick<
  ReminderLessonRow,
  | 'id'
  | 'startsAt'
  | 'lessonNumber'
  | 'nickname'
  | 'subjectEn'
  | 'subjectZh'
  | 'levelEn'
  | 'levelZh'
>;

function lessonParams(lesson: LessonLike, zone: string, language: Language) {
  const course = courseTitles(lesson);
  return {
    child: lesson.nickname,
    course: language === 'zh_CN' ? course.zh : course.en,
    number: lesson.lessonNumber,
    when: reminderTime(lesson.startsAt, zone, language),
  };
}

/** The reminder's words for its channel, in the parent's language and zone. */
export function composeReminder(
  ctx: Pick<AppContext, 'config'>,
  kind: ReminderKind,
  channel: 'sms' | 'email',
  lesson: ReminderLessonRow,
  zone: string,
  week: LessonLike[],
): Message {
  const language: Language = lesson.parent.language ?? 'en';
  const params = lessonParams(lesson, zone, language);
  // The upcoming-lessons screen, where the lesson's enter button is.
  const enterUrl = `${ctx.config.publicUrl}/home/children/AttendClassNow`;
  const settingsUrl = `${ctx.config.publicUrl}/home/children/information`;
  const base = {
    channel,
    parentId: lesson.parent.id,
    email: lesson.parent.email,
    phone: { country_code: lesson.parent.countryCode, mobile: lesson.parent.mobile },
  };
  const t = (key: Parameters<typeof translate>[1], extra: Record<string, string | number> = {}) =>
    translate(language, key, { ...params, ...extra });
  if (channel === 'sms') {
    const text =
      kind === 'soon' ? t('reminderSoonSms', { url: enterUrl }) : t('reminderDayBeforeSms');
    return { ...base, subject: '', text };
  }
  const subject = kind === 'soon' ? t('reminderSoonSubject') : t('reminderDayBeforeSubject');
  const others = week.filter((other) => other.id !== lesson.id);
  const weekLines =
    kind === 'day_before'
      ? [
          '',
          t('reminderWeekHeading'),
          ...(others.length
            ? others.map(
                (other) =>
                  `• ${translate(language, 'reminderWeekLine', lessonParams(other, zone, language))}`,
              )
            : [t('reminderWeekNone')]),
        ]
      : [];
  const text = [
    t('reminderGreeting'),
    '',
    t('reminderLessonIntro'),
    ...weekLines,
    '',
    t('reminderEnterLink', { url: enterUrl }),
    '',
    t('reminderSettingsLink', { url: settingsUrl }),
  ].join('\n');
  return { ...base, subject, text };
}

/** The provider's reason, kept short, with anything like a phone number or address blanked. */
export function providerReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+/g, '[address]')
      .replace(/\+?\d[\d\s().-]{5,}\d/g, '[number]')
      .slice(0, 300) || 'unknown'
  );
}
