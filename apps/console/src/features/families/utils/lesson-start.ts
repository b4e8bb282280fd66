import type { Language } from '@portal/shared/i18n';

/**
 * A lesson's start in the parent's zone, named with the zone, as the parent's reminders write
 * it (issue #24): "Tue 25 Nov, 19:00 Asia/Shanghai" / "11月25日 周二 19:00 Asia/Shanghai". So a
 * member of staff reads the same time the parent was sent. '' for a value that is not a time.
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
