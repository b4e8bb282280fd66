import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/messages';
import { STAFF_MESSAGE_GROUPS } from './messages';

// The parents' catalogue as it is before any staff message joins it (this file never calls
// addStaffMessages, and the catalogue is built once per test file).
const parentKeys = new Set(Object.keys(MESSAGES.en));

describe('the staff messages', () => {
  it('never redefine a key of the parents’ catalogue or of another staff feature', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [group, messages] of Object.entries(STAFF_MESSAGE_GROUPS)) {
      for (const key of Object.keys(messages.en)) {
        if (parentKeys.has(key)) clashes.push(`${group}.${key} redefines a parents' message`);
        const earlier = seen.get(key);
        if (earlier) clashes.push(`${group}.${key} is also in ${earlier}`);
        seen.set(key, group);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('have every text in both languages', () => {
    for (const [group, messages] of Object.entries(STAFF_MESSAGE_GROUPS)) {
      expect(Object.keys(messages.zh_CN).sort(), group).toEqual(Object.keys(messages.en).sort());
    }
  });
});
