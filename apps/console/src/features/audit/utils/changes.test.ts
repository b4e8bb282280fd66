import { describe, expect, it } from 'vitest';
import { changeLines, kindOf } from './changes';

describe('an audit entry’s changed fields', () => {
  it.each([
    [
      'a changed field, before and after',
      { name: 'Li' },
      { name: 'Li Na' },
      [{ field: 'name', hasBefore: true, hasAfter: true, before: 'Li', after: 'Li Na' }],
    ],
    [
      'a field only set (an invitation)',
      null,
      { email: 'a@b.c' },
      [{ field: 'email', hasBefore: false, hasAfter: true, before: undefined, after: 'a@b.c' }],
    ],
    [
      'a field the before side alone names comes last',
      { paid: 3, reward: 1 },
      { reward: 0 },
      [
        { field: 'reward', hasBefore: true, hasAfter: true, before: 1, after: 0 },
        { field: 'paid', hasBefore: true, hasAfter: false, before: 3, after: undefined },
      ],
    ],
    ['equal values are left out', { paid: 10, reserved: 2 }, { paid: 10, reserved: 2 }, []],
    [
      'null is a value',
      { adviserId: 2 },
      { adviserId: null },
      [{ field: 'adviserId', hasBefore: true, hasAfter: true, before: 2, after: null }],
    ],
    ['no sides, no lines', null, null, []],
  ])('%s', (_name, before, after, lines) => {
    expect(changeLines(before, after)).toEqual(lines);
  });

  it.each([
    [null, 'empty'],
    ['', 'empty'],
    [true, 'boolean'],
    [5, 'number'],
    ['2026-11-24T10:00:00.000Z', 'moment'],
    ['2018-05-14', 'day'],
    ['goodwill', 'text'],
    [{ a: 1 }, 'json'],
  ])('reads %j as %s', (value, kind) => {
    expect(kindOf(value)).toBe(kind);
  });
});
