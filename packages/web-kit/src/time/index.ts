import dayjs from 'dayjs';
import type { Language } from '@portal/shared/i18n';
import { twoDigits, type DrawnZone } from '@portal/shared/api';
import { currentLanguage } from '../i18n';

/** The visitor's zone while the server draws their screen (`inTimeZone`); else the browser's. */
let drawnZone: DrawnZone | undefined;

/**
 * Runs `draw` as if the browser were in `zone`: the server draws a visitor's screen in the
 * visitor's zone, which the app remembered, with the server's own offsets for it (decision 056).
 * The caller runs one at a time.
 */
export async function inTimeZone<T>(zone: DrawnZone, draw: () => Promise<T>): Promise<T> {
  drawnZone = zone;
  try {
    return await draw();
  } finally {
    drawnZone = undefined;
  }
}

/** The visitor's offset from UTC in minutes east (`time_diff`, docs/decisions/035; UTC+8 is 480). */
export function timeDiff(at: Date = new Date()): number {
  return drawnZone ? drawnZone.offsetAt(at) : -at.getTimezoneOffset();
}

/** The browser's IANA zone, the one the times on screen are shown in; undefined if unknown. */
export function browserTimeZone(): string | undefined {
  if (drawnZone) return drawnZone.name;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** "Asia/Shanghai (UTC+08:00)": the zone times are shown in (the dashboard, the schedules). */
export function timeZoneLabel(offset: number, zone = browserTimeZone()): string {
  const sign = offset >= 0 ? '+' : '−';
  const abs = Math.abs(offset);
  const label = `UTC${sign}${twoDigits(Math.floor(abs / 60))}:${twoDigits(abs % 60)}`;
  return zone ? `${zone} (${label})` : label;
}

/**
 * How each language writes a day and a month (decision 033). English keeps the spec's
 * MM/DD/YYYY for birthdays (§5); Chinese writes year first with 年/月/日 everywhere.
 */
export const DATE_FORMATS = {
  en: {
    date: 'MMM D, YYYY',
    birthday: 'MM/DD/YYYY',
    month: 'MMMM YYYY',
    year: 'YYYY',
    monthOfYear: 'MMM',
  },
  zh_CN: {
    date: 'YYYY年M月D日',
    birthday: 'YYYY年M月D日',
    month: 'YYYY年M月',
    year: 'YYYY年',
    monthOfYear: 'MMM',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type DateStyle = keyof (typeof DATE_FORMATS)['en'];

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day as the API writes it (`YYYY-MM-DD`, the spec's `M/D/YYYY` birth dates) or an instant. */
function toDayjs(value: string | Date): dayjs.Dayjs | null {
  if (value instanceof Date) return dayjs(value);
  const us = US_DATE.exec(value);
  // Days are calendar days, not instants: built in local time so no zone moves them.
  if (us) return dayjs(new Date(Number(us[3]), Number(us[1]) - 1, Number(us[2])));
  const iso = ISO_DAY.exec(value);
  if (iso) return dayjs(new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])));
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/**
 * A date in the interface language: "Nov 5, 2020" / "2020年11月5日". Answers '' for a value that
 * is not a date, so a screen shows nothing rather than "Invalid Date".
 */
export function formatDate(
  value: string | Date | null | undefined,
  style: DateStyle = 'date',
  language: Language = currentLanguage(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const day = toDayjs(value);
  if (!day?.isValid()) return '';
  return day.locale(language === 'zh_CN' ? 'zh-cn' : 'en').format(DATE_FORMATS[language][style]);
}

/**
 * Default formats of Mantine's date pickers in `language` (the kit's provider sets them in the
 * theme): the input's value, the calendar's month and year headings, the month grid.
 */
export function datePickerDefaults(language: Language) {
  const formats = DATE_FORMATS[language];
  return {
    DatePickerInput: { defaultProps: { valueFormat: formats.date } },
    DateInput: { defaultProps: { valueFormat: formats.date } },
    MonthPickerInput: { defaultProps: { valueFormat: formats.month } },
    MonthLevel: { defaultProps: { monthLabelFormat: formats.month } },
    YearLevel: { defaultProps: { yearLabelFormat: formats.year } },
    DecadeLevel: { defaultProps: { decadeLabelFormat: formats.year } },
    MonthsList: { defaultProps: { monthsListFormat: formats.monthOfYear } },
  };
}

/**
 * A lesson's start in the parent's zone, named with the zone, as the reminders themselves write
 * it (issue #24): "Tue 25 Nov, 19:00 Asia/Shanghai" / "11月25日 周二 19:00 Asia/Shanghai" — on the
 * parent's profile and on the console's family page, so staff read the time the parent was sent.
 * Built from parts so the browser's ICU version cannot change the punctuation. '' for a value
 * that is not a time.
 */
export function formatLessonStart(iso: string, zone: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(language === 'zh_CN' ? 'zh-CN' : 'en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    // A zone this browser does not know: the instant in UTC, named so.
    return formatLessonStart(iso, 'UTC', language);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}`;
  if (language === 'zh_CN')
    return `${Number(part('month'))}月${Number(part('day'))}日 ${part('weekday')} ${time} ${zone}`;
  const month = new Intl.DateTimeFormat('en-GB', { timeZone: zone, month: 'short' }).format(date);
  return `${part('weekday')} ${Number(part('day'))} ${month}, ${time} ${zone}`;
}
