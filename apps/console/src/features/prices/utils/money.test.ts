import { describe, expect, it } from 'vitest';
import { formatMoney, fromLocalInput, toLocalInput, toMinorUnits } from './money';

describe('prices typed in major units', () => {
  it.each([
    [189, 18_900],
    [189.5, 18_950],
    ['199.50', 19_950],
    ['1,234.56', 123_456],
    // Binary fractions round to the cent, never a cent off.
    [0.29, 29],
    [19.99, 1_999],
    [0.07, 7],
    ['', undefined],
    ['abc', undefined],
  ] as const)('%s is %s minor units', (major, minor) => {
    expect(toMinorUnits(major)).toBe(minor);
  });

  it('shows minor units as the parents do', () => {
    expect(formatMoney(18_900, 'USD')).toBe('$189.00');
    expect(formatMoney(24_950, 'CNY')).toBe('¥249.50');
    expect(formatMoney(500, 'JPY')).toBe('JPY 5.00');
  });

  it('turns offer times into the browser zone and back', () => {
    const iso = '2026-12-10T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a time')).toBe('not a time');
  });
});
