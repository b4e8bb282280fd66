import { describe, expect, it } from 'vitest';
import { parseDayTime } from './day-time';

describe('schedule day-times', () => {
  it.each([
    ['1-19:00', { weekday: 1, time: '19:00' }],
    ['0-07:30', { weekday: 0, time: '07:30' }],
  ])('parses %s', (value, parsed) => {
    expect(parseDayTime(value)).toEqual(parsed);
  });
});
