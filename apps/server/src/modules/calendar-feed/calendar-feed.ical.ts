import { TZDate } from '@date-fns/tz';
import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { CALENDAR_FEED_ALARM_MINUTES } from '@portal/shared/calendar';
import type { Language } from '@portal/shared/i18n';
import { FEED_TEXTS } from './calendar-feed.texts';

/** One lesson as the feed prints it: the child's nickname and the lesson, nothing else. */
export interface FeedLesson {
  lessonSn: string;
  number: number;
  totalLessons: number;
  startsAt: Date;
  endsAt: Date;
  /** The course's zone: used when the parent has none. */
  courseZone: string;
  nickname: string;
  course: string;
  topic: string | null;
  isCancelled: boolean;
  isOnLeave: boolean;
  updatedAt: Date;
}

export interface FeedOptions {
  language: Language;
  /** The parent's zone; null → each lesson in its course's zone. */
  parentZone: string | null;
  /** The portal's public URL: the UIDs' host and the enter link. */
  publicUrl: string;
  now: Date;
}

/**
 * SEQUENCE must grow each time a lesson changes (a move) and stay put otherwise; seconds of the
 * lesson's `updated_at` since 2024 do that and stay well inside a 32-bit integer, which some
 * clients assume.
 */
const SEQUENCE_EPOCH_MS = Date.UTC(2024, 0, 1);
export function sequenceOf(updatedAt: Date): number {
  return Math.max(0, Math.floor((updatedAt.getTime() - SEQUENCE_EPOCH_MS) / 1000));
}

/**
 * The zone an event is written in, when the zone table has it: a TZID without its VTIMEZONE
 * would leave clients guessing, so an unknown zone falls back to UTC instants (still correct).
 */
function zoneWithTable(zone: string | null): string | null {
  return zone && getVtimezoneComponent(zone) ? zone : null;
}

/** Clients refresh a subscription about this often (Google and Outlook decide for themselves). */
const REFRESH_SECONDS = 3600;

/**
 * The family's iCalendar text (RFC 5545). The UID is the lesson's public number, so a moved
 * lesson updates its event instead of adding one; cancelled and on-leave lessons stay in the
 * feed as STATUS:CANCELLED (a client then removes or strikes them out) with the state in the
 * title too, since some clients show cancelled events of a subscription as if they were on.
 */
export function buildFeed(lessons: FeedLesson[], options: FeedOptions): string {
  const texts = FEED_TEXTS[options.language];
  const host = new URL(options.publicUrl).host;
  // The web app's "upcoming lessons" screen, where the enter button is; never the room itself.
  const enterUrl = `${options.publicUrl}/home/children/AttendClassNow`;
  const calendar = ical({
    name: texts.calendarName,
    prodId: {
      company: host,
      product: 'lessons',
      language: options.language === 'en' ? 'EN' : 'ZH',
    },
    ttl: REFRESH_SECONDS,
    // No calendar-wide zone: with one, ical-generator writes DTSTAMP and LAST-MODIFIED without
    // their `Z`. Each event names its zone, and the generator adds the VTIMEZONE of each used.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const lesson of lessons) {
    const isOff = lesson.isCancelled || lesson.isOnLeave;
    const title = texts.summary({
      nickname: lesson.nickname,
      course: lesson.course,
      number: lesson.number,
      topic: lesson.topic,
    });
    const prefix = lesson.isCancelled
      ? texts.cancelledPrefix
      : lesson.isOnLeave
        ? texts.onLeavePrefix
        : '';
    const description = [
      texts.lessonOf(lesson.number, lesson.totalLessons),
      lesson.isCancelled ? texts.cancelledNote : lesson.isOnLeave ? texts.onLeaveNote : null,
      isOff ? null : texts.enterLink(enterUrl),
    ]
      .filter(Boolean)
      .join('\n');
    const zone = zoneWithTable(options.parentZone ?? lesson.courseZone);
    calendar.createEvent({
      id: `lesson-${lesson.lessonSn}@${host}`,
      // ical-generator writes a plain Date's digits in the process's zone; a TZDate it asks
      // for the wall clock of the event's zone, which is what DTSTART;TZID= must carry.
      start: zone ? new TZDate(lesson.startsAt.getTime(), zone) : lesson.startsAt,
      end: zone ? new TZDate(lesson.endsAt.getTime(), zone) : lesson.endsAt,
      timezone: zone,
      stamp: options.now,
      lastModified: lesson.updatedAt,
      sequence: sequenceOf(lesson.updatedAt),
      summary: `${prefix}${title}`,
      description,
      url: isOff ? null : enterUrl,
      status: isOff ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      alarms: isOff
        ? []
        : [
            {
              type: ICalAlarmType.display,
              trigger: CALENDAR_FEED_ALARM_MINUTES * 60,
              description: texts.alarm,
            },
          ],
    });
  }
  return calendar.toString();
}
