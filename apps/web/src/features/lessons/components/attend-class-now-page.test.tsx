import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledLesson } from '../../../test/lessons';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { AttendClassNowPage } from './attend-class-now-page';
import { CARDS_DRAWN_FIRST } from './lesson-grid';

/** The profile of a parent whose current child is Mia (S1). */
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

describe('the upcoming lessons as they appear (decision 055)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => vi.restoreAllMocks());

  it('draws the first cards across the days first, then every day and card', async () => {
    const day = (title: string, count: number) => ({
      title,
      data: Array.from({ length: count }, (_, i) =>
        scheduledLesson({ lesson_sn: `${title}-${i}`, title }),
      ),
    });
    const days = [day('Monday', 3), day('Tuesday', 3), day('Wednesday', 2)];
    stubFetch((url) =>
      url.includes('/api/user/profile')
        ? { body: { code: 200, msg: 'ok', data: profile } }
        : url.includes('/api/userSchedukeForStudentSeven')
          ? { body: { code: 200, msg: 'ok', data: days, total: 8, now_status: 0 } }
          : { body: { code: 200, msg: 'ok', data: [] } },
    );
    const commits: { cards: number; days: number }[] = [];
    renderWithProviders(
      <Profiler
        id="page"
        onRender={() =>
          commits.push({
            cards: screen.queryAllByTestId('lesson-card').length,
            days: screen.queryAllByRole('heading', { level: 2 }).length,
          })
        }
      >
        <AttendClassNowPage />
      </Profiler>,
      { route: '/home/children/AttendClassNow' },
    );
    await waitFor(() => expect(screen.getAllByTestId('lesson-card')).toHaveLength(8));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
    ]);
    // The first render with cards: Monday's 3 and Tuesday's first, under their two headings.
    expect(CARDS_DRAWN_FIRST).toBe(4);
    expect(commits.find((commit) => commit.cards > 0)).toEqual({ cards: 4, days: 2 });
  });
});
