import { describe, expect, it } from 'vitest';
import { ChildFieldsSchema, formatBirthDate, isPastDate, parseBirthDate } from './index';

describe('birth dates (spec §5: sent M/D/YYYY, shown MM/DD/YYYY)', () => {
  it.each([
    ['5/14/2018', '2018-05-14'],
    ['05/04/2018', '2018-05-04'],
    ['2/29/2020', '2020-02-29'],
    ['2/29/2021', undefined],
    ['13/1/2020', undefined],
    ['2018-05-14', undefined],
    ['', undefined],
    ['1/1/0100', undefined],
    ['12/31/9999', undefined],
    ['12/31/1969', undefined],
    ['1/1/1970', '1970-01-01'],
  ])('parses %j → %j', (input, iso) => {
    expect(parseBirthDate(input)).toBe(iso);
  });

  it.each([
    ['2018-05-04', false, '5/4/2018'],
    ['2018-05-04', true, '05/04/2018'],
  ])('formats %s (padded %s) → %s', (iso, padded, out) => {
    expect(formatBirthDate(iso, padded)).toBe(out);
  });

  it.each([
    ['2026-11-21', '2026-11-22', true],
    ['2026-11-22', '2026-11-22', false],
    ['2026-12-01', '2026-11-22', false],
  ])('%s before %s → %s', (date, today, past) => {
    expect(isPastDate(date, today)).toBe(past);
  });
});

describe('child fields, in the spec order', () => {
  it.each([
    [{}, 'selectAvatar'],
    [{ avatar: 1 }, 'selectBirthday'],
    [{ avatar: 1, birth_date: '1/1/2019' }, 'selectName'],
    [{ avatar: 1, birth_date: '1/1/2019', nickname: '  ' }, 'selectName'],
    [{ avatar: 1, birth_date: '1/1/2019', nickname: 'Mia' }, undefined],
  ])('%j → %s', (input, key) => {
    const result = ChildFieldsSchema.safeParse(input);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(key);
  });
});
