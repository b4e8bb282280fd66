import { describe, expect, it } from 'vitest';
import { formatDate, formatLessonStart, timeDiff, timeZoneLabel, type DateStyle } from '.';

describe('formatDate (issue #19: one language)', () => {
  it.each<[string | Date | null, DateStyle, 'en' | 'zh_CN', string]>([
    ['2020-11-05', 'date', 'en', 'Nov 5, 2020'],
    ['2020-11-05', 'date', 'zh_CN', '2020年11月5日'],
    ['11/5/2020', 'birthday', 'en', '11/05/2020'],
    ['11/5/2020', 'birthday', 'zh_CN', '2020年11月5日'],
    ['2020-11-05', 'month', 'en', 'November 2020'],
    ['2020-11-05', 'month', 'zh_CN', '2020年11月'],
    [new Date(2026, 0, 31, 23, 30), 'date', 'zh_CN', '2026年1月31日'],
    ['2026-09-01T00:00:00.000Z', 'year', 'zh_CN', '2026年'],
    ['not a date', 'date', 'en', ''],
    [null, 'date', 'zh_CN', ''],
  ])('%s as %s in %s → %s', (value, style, language, expected) => {
    expect(formatDate(value, style, language)).toBe(expected);
  });

  it('does not move a calendar day across a zone (birth dates are days, not instants)', () => {
    expect(formatDate('2020-01-01', 'birthday', 'en')).toBe('01/01/2020');
    expect(formatDate('1/1/2020', 'birthday', 'zh_CN')).toBe('2020年1月1日');
  });
});

describe('the zone times are shown in (decision 035)', () => {
  it.each([
    [480, 'Asia/Shanghai', 'Asia/Shanghai (UTC+08:00)'],
    [-300, 'America/New_York', 'America/New_York (UTC−05:00)'],
    [330, 'Asia/Kolkata', 'Asia/Kolkata (UTC+05:30)'],
    [0, '', 'UTC+00:00'],
  ])('labels %i in %s', (diff, zone, label) => {
    expect(timeZoneLabel(diff, zone)).toBe(label);
  });

  it('reads the browser offset as minutes east', () => {
    const date = new Date();
    expect(timeDiff(date)).toBe(-date.getTimezoneOffset());
  });
});

describe('a lesson start as the reminders write it (issue #24)', () => {
  it.each([
    ['2026-11-25T11:00:00Z', 'Asia/Shanghai', 'en', 'Wed 25 Nov, 19:00 Asia/Shanghai'],
    ['2026-11-25T11:00:00Z', 'Asia/Shanghai', 'zh_CN', '11月25日 周三 19:00 Asia/Shanghai'],
    // The day after New York leaves daylight saving: 18:00 local, not 19:00.
    ['2026-11-02T23:00:00Z', 'America/New_York', 'en', 'Mon 2 Nov, 18:00 America/New_York'],
    ['2026-11-25T11:00:00Z', 'Not/AZone', 'en', 'Wed 25 Nov, 11:00 UTC'],
    ['not a time', 'Asia/Shanghai', 'en', ''],
  ] as const)('%s in %s (%s) reads %s', (iso, zone, language, expected) => {
    expect(formatLessonStart(iso, zone, language)).toBe(expected);
  });
});
