import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { useKeepTimeZoneCurrent } from './use-keep-time-zone-current';

const profile = (timeZone: string | null) => profileFixture({ time_zone: timeZone });

function KeepZone() {
  useKeepTimeZoneCurrent();
  return null;
}

/** The browser's zone as Intl reports it, for one test. */
function browserZone(zone: string) {
  const real = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(((
    ...args: ConstructorParameters<typeof real>
  ) => {
    const format = new real(...args);
    const resolved = format.resolvedOptions();
    format.resolvedOptions = () => ({ ...resolved, timeZone: zone });
    return format;
  }) as unknown as typeof Intl.DateTimeFormat);
}

beforeEach(() => storage.setToken('t'));
afterEach(() => vi.restoreAllMocks());

describe('the stored zone follows the browser (decision 035)', () => {
  it('sends the browser zone once when the profile holds another, and the time_diff with the profile', async () => {
    browserZone('Europe/Berlin');
    let stored = 'Asia/Shanghai';
    const calls = stubFetch((url, init) => {
      if (url.includes('/api/user/timeZone')) {
        stored = (JSON.parse(String(init?.body)) as { time_zone: string }).time_zone;
        return { body: { code: 200, msg: 'ok', data: { time_zone: stored } } };
      }
      return { body: { code: 200, msg: 'ok', data: profile(stored) } };
    });
    renderWithProviders(<KeepZone />);
    await waitFor(() => expect(stored).toBe('Europe/Berlin'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/api/user/profile'))).toHaveLength(2),
    );
    expect(calls.filter((c) => c.url.includes('/api/user/timeZone'))).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/time_diff=-?\d+/);
  });

  it('sends nothing when the stored zone is already the browser one', async () => {
    browserZone('Asia/Tokyo');
    const calls = stubFetch(() => ({
      body: { code: 200, msg: 'ok', data: profile('Asia/Tokyo') },
    }));
    renderWithProviders(<KeepZone />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.url).filter((url) => url.includes('timeZone'))).toEqual([]);
  });
});
