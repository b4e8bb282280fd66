import { describe, expect, it } from 'vitest';
import { addDays, dayIn, formatTimeIn, formatWeek, mondayOf } from './week';

describe('the teacher’s week', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday
    ['2026-11-29', '2026-11-23'], // its Sunday
    ['2026-11-25', '2026-11-23'],
    ['2027-01-01', '2026-12-28'], // across the year
    ['2026-03-08', '2026-03-02'], // the US clock change's Sunday
  ])('the Monday of %s is %s', (day, monday) => {
    expect(mondayOf(day)).toBe(monday);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
  });

  it.each([
    ['2026-11-22T17:30:00.000Z', 'Asia/Shanghai', '2026-11-23', '01:30'],
    ['2026-11-22T17:30:00.000Z', 'America/New_York', '2026-11-22', '12:30'],
    ['2026-03-09T13:00:00.000Z', 'America/New_York', '2026-03-09', '09:00'],
  ])('%s in %s is on %s at %s', (instant, zone, day, time) => {
    expect(dayIn(zone, instant)).toBe(day);
    expect(formatTimeIn(instant, zone, 'en')).toBe(time);
  });

  it('names the week in both languages', () => {
    expect(formatWeek('2026-12-28', 'en')).toBe('28 Dec 2026 – 3 Jan 2027');
    expect(formatWeek('2026-12-28', 'zh_CN')).toBe('2026年12月28日 – 2027年1月3日');
  });
});
