import { describe, expect, it } from 'vitest';
import { addDays, formatSlots, formatWeek, mondayOf, weekdayName } from './dates';

describe('days of the timetable (no zone moves a day)', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday is its own week
    ['2026-11-29', '2026-11-23'], // Sunday ends the week
    ['2026-03-08', '2026-03-02'], // New York's spring change
    ['2027-01-01', '2026-12-28'], // across the year
  ])('the week of %s starts on %s', (day, monday) => {
    expect(mondayOf(day)).toBe(monday);
  });

  it.each([
    ['2026-03-07', 1, '2026-03-08'],
    ['2026-10-31', 7, '2026-11-07'],
    ['2026-01-05', -7, '2025-12-29'],
    ['2028-02-28', 1, '2028-02-29'],
  ])('%s plus %i days is %s', (day, days, result) => {
    expect(addDays(day, days)).toBe(result);
  });

  it('names weeks, weekdays and slots in each language', () => {
    // ICU puts thin spaces round the dash.
    expect(formatWeek('2026-11-23', 'en')).toMatch(/^23\s–\s29 Nov 2026$/);
    expect(formatWeek('2026-11-23', 'zh_CN')).toBe('2026年11月23日至29日');
    expect(formatWeek('2026-11-30', 'zh_CN')).toBe('2026年11月30日至12月6日');
    expect(formatWeek('2026-12-28', 'zh_CN')).toBe('2026年12月28日至2027年1月3日');
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(1, 'zh_CN')).toBe('星期一');
    const slots = [
      { weekday: 2, time: '18:00' },
      { weekday: 4, time: '09:30' },
    ];
    expect(formatSlots(slots, 'en')).toBe('Tue 18:00, Thu 09:30');
    expect(formatSlots(slots, 'zh_CN')).toBe('周二 18:00、周四 09:30');
  });
});
