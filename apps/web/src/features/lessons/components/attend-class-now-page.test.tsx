import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { AttendClassNowPage } from './attend-class-now-page';

describe('the upcoming lessons without a network (decision 051)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('says it is offline, not loading, when the profile cannot be fetched, and tries again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    renderWithProviders(<AttendClassNowPage />, { route: '/home/children/AttendClassNow' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are offline');
    expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument();

    // Back online: Try again fetches the profile, and the page goes on to its lessons.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const calls = stubFetch((url) =>
      url.includes('/api/user/profile')
        ? { body: { code: 200, msg: 'ok', data: profileFixture() } }
        : { body: { code: 200, msg: 'ok', data: [] } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Add a child first to see lessons.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/api/user/profile'))).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the server could not be reached when only the lesson list fails to arrive', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const profile = profileFixture({
      student_info: {
        student_sn: 'S1',
        avatar: '',
        nickname: 'Mia',
        month_complete: 0,
        month_pending: 0,
        month_no_show: 0,
      },
    });
    globalThis.fetch = ((url: string) =>
      String(url).includes('/api/userSchedukeForStudentSeven')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(
            new Response(
              JSON.stringify({
                code: 200,
                msg: 'ok',
                data: String(url).includes('/api/user/profile') ? profile : [],
              }),
              { headers: { 'content-type': 'application/json' } },
            ),
          )) as typeof fetch;
    renderWithProviders(<AttendClassNowPage />, { route: '/home/children/AttendClassNow' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached');
  });
});
