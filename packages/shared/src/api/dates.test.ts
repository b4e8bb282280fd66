import { describe, expect, it } from 'vitest';
import {
  isIsoDateInRange,
  isIsoMonthInRange,
  optionalIsoDate,
  optionalIsoMonth,
  twoDigits,
} from './dates';

describe('date fields: real days from 1970 through 2100 (issue #18 item 7)', () => {
  it.each([
    ['2026-11-24', true],
    ['1970-01-01', true],
    ['2100-12-31', true],
    ['2024-02-29', true],
    ['0000-01-01', false],
    ['9999-12-31', false],
    ['1969-12-31', false],
    ['2101-01-01', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-1', false],
    ['', false],
    ['2026-11-24T00:00:00Z', false],
  ])('day %j → %s', (value, ok) => {
    expect(isIsoDateInRange(value)).toBe(ok);
  });

  it.each([
    ['2026-11', true],
    ['1970-01', true],
    ['2100-12', true],
    ['0000-01', false],
    ['9999-12', false],
    ['2026-13', false],
    ['2026-00', false],
    ['2026-1', false],
  ])('month %j → %s', (value, ok) => {
    expect(isIsoMonthInRange(value)).toBe(ok);
  });

  it.each([
    ['2026-11-24', '2026-11-24'],
    ['', undefined],
    [undefined, undefined],
  ])('optional date field %j passes as %j', (value, data) => {
    const result = optionalIsoDate('dateInvalid').safeParse(value);
    expect(result.success).toBe(true);
    expect(result.data).toBe(data);
  });

  it('optional date field refuses a day outside the span with its message', () => {
    const result = optionalIsoDate('dateInvalid').safeParse('9999-12-31');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('dateInvalid');
  });

  it('optional month field refuses a month the database cannot hold', () => {
    const result = optionalIsoMonth('monthInvalid').safeParse('0000-01');
    expect(result.success).toBe(false);
    expect(optionalIsoMonth('monthInvalid').safeParse('2026-11').data).toBe('2026-11');
  });
});

describe('twoDigits', () => {
  it.each([
    [0, '00'],
    [7, '07'],
    [12, '12'],
    [59, '59'],
    [2026, '2026'],
  ])('%d → %s', (value, text) => {
    expect(twoDigits(value)).toBe(text);
  });
});
