import { describe, expect, it } from 'vitest';
import { browserTimeDiff, parseDayTime, timeZoneLabel } from './time-zone';

describe('time zone helpers', () => {
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
    expect(browserTimeDiff(date)).toBe(-date.getTimezoneOffset());
  });

  it.each([
    ['1-19:00', { weekday: 1, time: '19:00' }],
    ['0-07:30', { weekday: 0, time: '07:30' }],
  ])('parses %s', (value, parsed) => {
    expect(parseDayTime(value)).toEqual(parsed);
  });
});
