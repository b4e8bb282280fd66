import { describe, expect, it, vi } from 'vitest';
import {
  FORMATTER_CACHE_MAX,
  atOffset,
  formatterCacheSize,
  dayInZone,
  localDayStart,
  localParts,
  nextWeeklyOccurrence,
  zonedTimeToUtc,
  seenFrom,
  viewpointOf,
  zoneOffsetMinutes,
} from './time';

describe('zone arithmetic', () => {
  it.each([
    ['2026-07-01T12:00:00Z', 'America/New_York', -240],
    ['2026-12-01T12:00:00Z', 'America/New_York', -300],
    ['2026-07-01T12:00:00Z', 'Asia/Shanghai', 480],
    ['2026-07-01T12:00:00Z', 'Asia/Kolkata', 330],
    ['2026-07-01T12:00:00Z', 'UTC', 0],
  ])('offset at %s in %s is %i', (instant, zone, offset) => {
    expect(zoneOffsetMinutes(new Date(instant), zone)).toBe(offset);
  });

  it.each([
    [
      { year: 2026, month: 3, day: 7, hour: 19, minute: 0 },
      'America/New_York',
      '2026-03-08T00:00:00.000Z',
    ], // EST
    [
      { year: 2026, month: 3, day: 9, hour: 19, minute: 0 },
      'America/New_York',
      '2026-03-09T23:00:00.000Z',
    ], // EDT
    [
      { year: 2026, month: 11, day: 22, hour: 19, minute: 30 },
      'Asia/Shanghai',
      '2026-11-22T11:30:00.000Z',
    ],
  ])('%j in %s is %s', (local, zone, utc) => {
    expect(zonedTimeToUtc(local, zone).toISOString()).toBe(utc);
  });
});

describe('nextWeeklyOccurrence', () => {
  it('finds the next Monday 19:00 in Shanghai', () => {
    // Sunday 2026-11-22 10:00 UTC = 18:00 in Shanghai.
    const next = nextWeeklyOccurrence(
      new Date('2026-11-22T10:00:00Z'),
      1,
      '19:00',
      'Asia/Shanghai',
    );
    expect(next.toISOString()).toBe('2026-11-23T11:00:00.000Z');
  });

  it('takes today when the time is still ahead, next week when it passed', () => {
    const from = new Date('2026-11-23T10:00:00Z'); // Monday 18:00 Shanghai
    expect(nextWeeklyOccurrence(from, 1, '19:00', 'Asia/Shanghai').toISOString()).toBe(
      '2026-11-23T11:00:00.000Z',
    );
    expect(nextWeeklyOccurrence(from, 1, '17:00', 'Asia/Shanghai').toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
  });

  it('moves the UTC instant across a DST change in the course zone', () => {
    const before = nextWeeklyOccurrence(
      new Date('2026-03-01T00:00:00Z'),
      1,
      '19:00',
      'America/New_York',
    );
    const after = nextWeeklyOccurrence(
      new Date('2026-03-09T00:00:00Z'),
      1,
      '19:00',
      'America/New_York',
    );
    expect(before.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(after.toISOString()).toBe('2026-03-09T23:00:00.000Z');
    // A UTC+8 visitor sees Tuesday 08:00 before the change and Tuesday 07:00 after it.
    expect(atOffset(before, 480)).toMatchObject({ weekday: 2, time: '08:00' });
    expect(atOffset(after, 480)).toMatchObject({ weekday: 2, time: '07:00' });
  });
});

describe('atOffset', () => {
  it.each([
    ['2026-11-22T23:30:00Z', 480, { weekday: 1, date: '2026-11-23', time: '07:30' }],
    ['2026-11-22T23:30:00Z', 0, { weekday: 0, date: '2026-11-22', time: '23:30' }],
    ['2026-11-22T02:00:00Z', -300, { weekday: 6, date: '2026-11-21', time: '21:00' }],
  ])('%s at %i', (instant, diff, expected) => {
    expect(atOffset(new Date(instant), diff)).toEqual(expected);
  });
});

describe('formatter cache', () => {
  it('stays bounded when parents send the same zone in every letter case', () => {
    const instant = new Date('2026-07-01T12:00:00Z');
    // 2^12 spellings of one zone, all valid for Intl: more than the cache may hold.
    for (let mask = 0; mask < 2 ** 12; mask += 1) {
      const zone = [...'asia/shanghai']
        .map((char, i) => (mask & (1 << i) ? char.toUpperCase() : char))
        .join('');
      expect(localParts(instant, zone).hour).toBe(20);
    }
    expect(formatterCacheSize()).toBeLessThanOrEqual(FORMATTER_CACHE_MAX);
    expect(localParts(instant, 'Asia/Shanghai').hour).toBe(20);
  });
});

describe('one viewpoint for every call (decision 035)', () => {
  const summer = new Date('2026-07-01T12:30:00Z');
  const winter = new Date('2026-12-01T12:30:00Z');
  it.each([
    [480, 'America/New_York', summer, '20:30'],
    [undefined, 'America/New_York', summer, '08:30'],
    [undefined, 'America/New_York', winter, '07:30'],
    [undefined, 'Asia/Shanghai', winter, '20:30'],
    [undefined, null, winter, '12:30'],
    [undefined, 'Not/AZone', winter, '12:30'],
    [0, 'Asia/Shanghai', winter, '12:30'],
  ])('time_diff %s, stored zone %s: %s is seen at %s', (timeDiff, zone, instant, time) => {
    expect(seenFrom(instant, viewpointOf(timeDiff, zone)).time).toBe(time);
  });

  it.each([
    [480, undefined, 2026, 11, 1, '2026-10-31T16:00:00.000Z'],
    [undefined, 'America/New_York', 2026, 11, 1, '2026-11-01T04:00:00.000Z'],
    [undefined, 'America/New_York', 2026, 12, 1, '2026-12-01T05:00:00.000Z'],
    [undefined, undefined, 2026, 13, 1, '2027-01-01T00:00:00.000Z'],
  ])('time_diff %s, zone %s: %i-%i-%i starts at %s', (timeDiff, zone, y, m, d, iso) => {
    expect(localDayStart(y, m, d, viewpointOf(timeDiff, zone)).toISOString()).toBe(iso);
  });
});

describe("a day on the parent's calendar", () => {
  it.each([
    ['Asia/Shanghai', '2026-11-24T17:30:00Z', '2026-11-25'],
    ['America/New_York', '2026-11-25T03:30:00Z', '2026-11-24'],
    [null, '2026-11-24T23:59:00Z', '2026-11-24'],
    ['Not/AZone', '2026-11-24T23:59:00Z', '2026-11-24'],
  ])('%s at %s is %s', (zone, instant, day) => {
    expect(dayInZone(zone, new Date(instant))).toBe(day);
  });
});

describe('the same answers on any server (decision 041: why not dayjs on the server)', () => {
  /** Runs `check` with the process in `zone`, as a server configured with TZ=zone. */
  function onServerIn(zone: string, check: () => void) {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      check();
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  }

  it("reads a zone's wall clock the same when it falls in the server zone's skipped hour", () => {
    // 2026-03-08 02:30 exists in Shanghai but not in New York (clocks jump 02:00 → 03:00).
    onServerIn('America/New_York', () => {
      expect(localParts(new Date('2026-03-07T18:30:00Z'), 'Asia/Shanghai')).toMatchObject({
        day: 8,
        hour: 2,
        minute: 30,
      });
    });
  });

  it("finds an existing wall time's instant near the server zone's own change", () => {
    // New York 21:00 on the evening London turns its clocks back.
    onServerIn('Europe/London', () => {
      const local = { year: 2025, month: 10, day: 25, hour: 21, minute: 0 };
      expect(zonedTimeToUtc(local, 'America/New_York').toISOString()).toBe(
        '2025-10-26T01:00:00.000Z',
      );
    });
  });

  it('resolves a repeated hour the same in summer and in winter', () => {
    // 01:30 happens twice in New York on 2026-11-01; the answer must not depend on today.
    const local = { year: 2026, month: 11, day: 1, hour: 1, minute: 30 };
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-07-01T12:00:00Z'));
      const inSummer = zonedTimeToUtc(local, 'America/New_York').toISOString();
      vi.setSystemTime(new Date('2026-12-01T12:00:00Z'));
      expect(zonedTimeToUtc(local, 'America/New_York').toISOString()).toBe(inSummer);
      expect(inSummer).toBe('2026-11-01T05:30:00.000Z');
    } finally {
      vi.useRealTimers();
    }
  });
});
