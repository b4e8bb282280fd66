import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from './time-zone';

describe('time zone names (issue #18 item 8)', () => {
  it.each([
    ['Asia/Shanghai', 'Asia/Shanghai'],
    ['America/New_York', 'America/New_York'],
    [
      'America/Argentina/Buenos_Aires',
      expect.stringMatching(/^America\/(Argentina\/)?Buenos_Aires$/),
    ],
    ['UTC', 'UTC'],
    ['Etc/GMT+8', 'Etc/GMT+8'],
    ['asia/shanghai', 'Asia/Shanghai'],
    ['Invalid/Zone', undefined],
    ['<script>alert(1)</script>', undefined],
    ['+08:00', undefined],
    ['', undefined],
    ['Asia/Shanghai/../../etc', undefined],
    [`Europe/${'A'.repeat(70)}`, undefined],
  ])('%j → %j', (input, expected) => {
    expect(canonicalTimeZone(input)).toEqual(expected);
  });
});
