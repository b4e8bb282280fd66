import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarFeedLink, CalendarFeedStatus } from '@portal/shared/calendar';
import { changeLanguage } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { CalendarFeedSection } from './calendar-feed-section';

const TOKEN_A = 'A'.repeat(43);
const TOKEN_B = 'B'.repeat(43);
const linkOf = (token: string): CalendarFeedLink => ({
  url: `https://portal.example.com/api/calendar/${token}.ics`,
  webcal_url: `webcal://portal.example.com/api/calendar/${token}.ics`,
  created_at: '2026-11-20T08:00:00.000Z',
});

function setUp(initial: CalendarFeedStatus) {
  let status = initial;
  const tokens = [TOKEN_A, TOKEN_B];
  const calls = stubFetch((url, init) => {
    if (url.includes('/api/calendarFeed') && init?.method === 'POST') {
      const link = linkOf(tokens.shift()!);
      status = { active: true, created_at: link.created_at };
      return { body: { code: 200, msg: 'ok', data: link } };
    }
    if (url.includes('/api/calendarFeed')) return { body: { code: 200, msg: 'ok', data: status } };
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
  renderWithProviders(<CalendarFeedSection />);
  return { posts: () => calls.filter((call) => call.init?.method === 'POST') };
}

describe('Profile → Calendar (issue #24)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => changeLanguage('en'));

  it('makes a link and shows it once, with copy, add to calendar and a privacy note', async () => {
    const { posts } = setUp({ active: false, created_at: null });
    const button = await screen.findByRole('button', { name: 'Create my calendar link' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);

    const shown = await screen.findByTestId('calendar-feed-link');
    expect(within(shown).getByLabelText('Your calendar link')).toHaveValue(linkOf(TOKEN_A).url);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(within(shown).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      linkOf(TOKEN_A).webcal_url,
    );
    expect(within(shown).getByText('Keep this link private')).toBeVisible();
    expect(posts()).toHaveLength(1);
    // Made once: the next step offered is a reset, not a second link.
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeVisible();
  });

  it('says since when a link is active without showing it, and resets only after confirming', async () => {
    const { posts } = setUp({ active: true, created_at: '2026-11-01T08:00:00.000Z' });
    expect(await screen.findByTestId('calendar-feed-status')).toHaveTextContent(
      /Your calendar link is active since .*2026/,
    );
    expect(screen.queryByTestId('calendar-feed-link')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the calendar link?' });
    // Cancelling changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset the calendar link?' })).toBeNull(),
    );
    expect(posts()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const again = await screen.findByRole('dialog', { name: 'Reset the calendar link?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Reset link' }));
    expect(await screen.findByLabelText('Your calendar link')).toHaveValue(linkOf(TOKEN_A).url);
    expect(posts()).toHaveLength(1);
  });

  it('speaks Chinese too', async () => {
    await changeLanguage('zh_CN');
    setUp({ active: true, created_at: '2026-11-01T08:00:00.000Z' });
    expect(await screen.findByTestId('calendar-feed-status')).toHaveTextContent(
      /您的日历链接自 .*2026.* 起有效。/,
    );
    await userEvent.click(screen.getByRole('button', { name: '重置链接' }));
    expect(await screen.findByRole('dialog', { name: '重置日历链接？' })).toBeVisible();
  });
});
