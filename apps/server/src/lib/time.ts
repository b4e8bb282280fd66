import { TZDate, tzOffset } from '@date-fns/tz';
import { twoDigits } from '@portal/shared/api';

/**
 * Wall-clock arithmetic in IANA zones, with @date-fns/tz reading the zones (decision 041).
 * Stored times are UTC instants; a course's weekly slot is a local weekday and time in the
 * course's zone, so its UTC instant moves with daylight saving; a parent sees instants at their
 * viewpoint (docs/product.md → Time zones, decision 035).
 */

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

/**
 * Zone names as given → their canonical spelling. The name comes from the parent (sign-in
 * `time_zone`) and Intl accepts any letter case ("asia/SHANGHAI"), so the keys are not bounded
 * by the ~600 zone names and aliases: past this size the oldest entry goes (docs/performance.md,
 * finding 7). The zone library only ever sees canonical names, so its own caches (one formatter
 * per name) stay bounded by the zones that exist.
 */
export const FORMATTER_CACHE_MAX = 1000;
const zoneNames = new Map<string, string>();

/** Entries in the zone-name cache (tests). */
export const formatterCacheSize = () => zoneNames.size;

/** The canonical name of `zone`; throws a RangeError for a name Intl does not know. */
function canonicalZone(zone: string): string {
  let name = zoneNames.get(zone);
  if (name === undefined) {
    name = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    if (zoneNames.size >= FORMATTER_CACHE_MAX) {
      zoneNames.delete(zoneNames.keys().next().value as string);
    }
    zoneNames.set(zone, name);
  }
  return name;
}

/** The wall clock of `zone` at `instant`. */
export function localParts(instant: Date, zone: string): LocalParts {
  const local = new TZDate(instant.getTime(), canonicalZone(zone));
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    weekday: local.getDay(),
  };
}

/** Offset of `zone` from UTC at `instant`, in minutes east (as the minute-precise wall clock shows it). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const ms = instant.getTime();
  // tzOffset answers fractional minutes for old offsets with seconds (LMT); the wall clock's minute counts.
  const offsetMs = Math.round(tzOffset(canonicalZone(zone), instant) * 60) * 1000;
  return Math.floor((ms + offsetMs) / 60_000) - Math.floor(ms / 60_000);
}

/**
 * The instant at which `zone` shows this wall-clock time. Two passes from the naive instant with
 * the library's offsets, not TZDate's own constructor: that one reads the fields through the
 * server's zone and was measured wrong for existing times near the server zone's own changes
 * (decision 041). In a skipped or repeated hour the result is what these two passes give, as
 * before #20.
 */
export function zonedTimeToUtc(
  local: { year: number; month: number; day: number; hour: number; minute: number },
  zone: string,
): Date {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  let guess = naive - zoneOffsetMinutes(new Date(naive), zone) * 60_000;
  // A second pass settles instants near a DST change, where the first guess used the other offset.
  guess = naive - zoneOffsetMinutes(new Date(guess), zone) * 60_000;
  return new Date(guess);
}

/** "HH:mm" → minutes of the day. */
export function parseClock(time: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return { hour, minute };
}

/**
 * The next start of a weekly slot (local `weekday`, Sun 0, at `time` in `zone`) at or after
 * `from`.
 */
export function nextWeeklyOccurrence(
  from: Date,
  weekday: number,
  time: string,
  zone: string,
): Date {
  const today = localParts(from, zone);
  const { hour, minute } = parseClock(time);
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    if ((today.weekday + ahead) % 7 !== weekday) continue;
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + ahead));
    const start = zonedTimeToUtc(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour,
        minute,
      },
      zone,
    );
    if (start.getTime() >= from.getTime()) return start;
  }
  // Same weekday, time already passed today: a week later.
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + 7));
  return zonedTimeToUtc(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour,
      minute,
    },
    zone,
  );
}

/** An instant as seen at a fixed offset (`time_diff`, minutes east): weekday, date and "HH:mm". */
export function atOffset(
  instant: Date,
  timeDiff: number,
): { weekday: number; date: string; time: string } {
  const shifted = new Date(instant.getTime() + timeDiff * 60_000);
  return {
    weekday: shifted.getUTCDay(),
    date: `${shifted.getUTCFullYear()}-${twoDigits(shifted.getUTCMonth() + 1)}-${twoDigits(shifted.getUTCDate())}`,
    time: `${twoDigits(shifted.getUTCHours())}:${twoDigits(shifted.getUTCMinutes())}`,
  };
}

/**
 * How a parent sees instants: the offset from UTC (minutes east) at each instant. One rule for
 * every call (decision 035): the `time_diff` the client sent, otherwise the parent's stored zone
 * (its offset follows daylight saving), otherwise UTC.
 */
export type Viewpoint = (instant: Date) => number;

export function viewpointOf(
  timeDiff: number | undefined,
  zone: string | null | undefined,
): Viewpoint {
  if (timeDiff !== undefined) return () => timeDiff;
  if (zone) {
    try {
      localParts(new Date(0), zone);
      return (instant) => zoneOffsetMinutes(instant, zone);
    } catch {
      // A zone Intl does not know (stored before names were checked): UTC.
    }
  }
  return () => 0;
}

/** An instant as the viewpoint sees it: weekday, date and "HH:mm". */
export function seenFrom(
  instant: Date,
  view: Viewpoint,
): { weekday: number; date: string; time: string } {
  return atOffset(instant, view(instant));
}

/** The instant a local calendar day starts for the viewpoint (month/day may overflow, as in Date.UTC). */
export function localDayStart(year: number, month: number, day: number, view: Viewpoint): Date {
  const naive = Date.UTC(year, month - 1, day);
  let guess = naive - view(new Date(naive)) * 60_000;
  // A second pass settles days that start near a daylight-saving change.
  guess = naive - view(new Date(guess)) * 60_000;
  return new Date(guess);
}

/** The calendar month `monthIso` ("YYYY-MM"), or the viewpoint's current one, as instants. */
export function localMonthBounds(
  monthIso: string | undefined,
  now: Date,
  view: Viewpoint,
): { from: Date; to: Date } {
  const [year, month] = (monthIso ?? seenFrom(now, view).date.slice(0, 7)).split('-').map(Number);
  return {
    from: localDayStart(year!, month!, 1, view),
    to: localDayStart(year!, month! + 1, 1, view),
  };
}

/** "YYYY-MM-DD" of `instant` on the calendar of `zone` (UTC when unknown or not a zone). */
export function dayInZone(zone: string | null | undefined, instant: Date): string {
  return seenFrom(instant, viewpointOf(undefined, zone)).date;
}
