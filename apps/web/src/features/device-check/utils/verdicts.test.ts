import { describe, expect, it } from 'vitest';
import {
  mbitPerSecond,
  median,
  mediaProblemOf,
  rttVerdict,
  speedVerdict,
  worst,
  type MediaProblem,
  type Verdict,
} from './verdicts';

describe('network thresholds', () => {
  it.each<[number, Verdict]>([
    [12, 'pass'],
    [299, 'pass'],
    [300, 'warn'],
    [799, 'warn'],
    [800, 'fail'],
    [2500, 'fail'],
  ])('round trip %d ms → %s', (ms, verdict) => expect(rttVerdict(ms)).toBe(verdict));

  it.each<[number, Verdict]>([
    [40, 'pass'],
    [1.51, 'pass'],
    [1.5, 'warn'],
    [0.61, 'warn'],
    [0.6, 'fail'],
    [0.1, 'fail'],
  ])('download %d Mbit/s → %s', (mbps, verdict) => expect(speedVerdict(mbps)).toBe(verdict));

  it('takes the worse verdict, the median, and megabits per second', () => {
    expect(worst('pass', 'warn')).toBe('warn');
    expect(worst('warn', 'fail', 'pass')).toBe('fail');
    expect(worst()).toBe('pass');
    expect(median([900, 20, 30, 25, 22])).toBe(25);
    expect(median([10, 20])).toBe(15);
    // 512 KiB in one second: 4.19 Mbit/s.
    expect(mbitPerSecond(512 * 1024, 1000)).toBeCloseTo(4.194, 3);
  });
});

describe('getUserMedia failures', () => {
  it.each<[string | undefined, MediaProblem]>([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['NotFoundError', 'notFound'],
    ['OverconstrainedError', 'notFound'],
    ['NotReadableError', 'busy'],
    ['TrackStartError', 'busy'],
    ['TypeError', 'other'],
    [undefined, 'other'],
  ])('%s → %s', (name, problem) =>
    expect(mediaProblemOf(name ? new DOMException('x', name) : new Error('x'))).toBe(problem),
  );
});
