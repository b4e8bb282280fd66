import { describe, expect, it } from 'vitest';
import { pathOnly } from './logger';

describe('pathOnly (the URL a log line keeps)', () => {
  it.each([
    ['/api/user/info?mobile=13800138000', '/api/user/info'],
    ['/api/ops/setup/abcDEF123_-x', '/api/ops/setup/[redacted]'],
    ['/ops/setup/abcDEF123_-x?lang=en', '/ops/setup/[redacted]'],
    ['/api/calendar/abcDEF123_-x.ics', '/api/calendar/[redacted]'],
    ['/ops/families/U100', '/ops/families/U100'],
  ])('%s → %s', (url, kept) => {
    expect(pathOnly(url)).toBe(kept);
  });
});
