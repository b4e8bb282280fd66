import { afterEach, describe, expect, it } from 'vitest';
import {
  DEVICE_CHECK_FRESH_MS,
  isDeviceCheckOfferDue,
  markDeviceCheckOffered,
} from './device-check-offer';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

describe('the enter flow’s device check offer (issue #24)', () => {
  afterEach(() => window.localStorage.clear());

  it.each<[string, Record<string, string>, boolean]>([
    ['never checked, never offered', {}, true],
    ['checked 29 days ago', { deviceCheckedAt: at(NOW - 29 * DAY) }, false],
    ['checked 31 days ago', { deviceCheckedAt: at(NOW - 31 * DAY) }, true],
    ['offered 10 days ago', { deviceCheckOfferedAt: at(NOW - 10 * DAY) }, false],
    ['offered 40 days ago', { deviceCheckOfferedAt: at(NOW - 40 * DAY) }, true],
    ['a date that does not parse', { deviceCheckedAt: 'yesterday' }, true],
  ])('%s → offered: %s', (_name, stored, due) => {
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
    expect(isDeviceCheckOfferDue(NOW)).toBe(due);
  });

  it('once passed over, waits 30 days', () => {
    markDeviceCheckOffered(NOW);
    expect(isDeviceCheckOfferDue(NOW + DEVICE_CHECK_FRESH_MS - 1)).toBe(false);
    expect(isDeviceCheckOfferDue(NOW + DEVICE_CHECK_FRESH_MS)).toBe(true);
  });
});
