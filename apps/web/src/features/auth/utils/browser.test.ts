import { describe, expect, it } from 'vitest';
import { isSupportedBrowser } from './browser';

describe('isSupportedBrowser (spec §2 hint)', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      true,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      false,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', false],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 OPR/114.0',
      false,
    ],
  ])('%s → %s', (userAgent, supported) => {
    expect(isSupportedBrowser({ userAgent })).toBe(supported);
  });

  it('prefers client hints', () => {
    expect(
      isSupportedBrowser({
        userAgent: 'x',
        userAgentData: { brands: [{ brand: 'Google Chrome' }] },
      }),
    ).toBe(true);
    expect(
      isSupportedBrowser({
        userAgent: 'Chrome/1',
        userAgentData: { brands: [{ brand: 'Brave' }] },
      }),
    ).toBe(false);
  });
});
