import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { familySummary } from '../testing/fixtures';
import { FamiliesPage } from './families-page';

/** The address the screen moved to (filters and pages live in the URL). */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const advisers = ok({ items: [{ id: 2, name: 'Demo adviser' }], total: 1 });

function open(route = '/families') {
  return renderWithProviders(
    <>
      <FamiliesPage />
      <Address />
    </>,
    { route, path: '/families', me: memberOf('admin') },
  );
}

/** Search parameters of the last call to GET /api/ops/families. */
function lastSearch(calls: { url: string }[]): URLSearchParams {
  const url = calls.filter((call) => call.url.startsWith('/api/ops/families')).at(-1)!.url;
  return new URL(url, 'http://x').searchParams;
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the families search', () => {
  it('lists the page the server answers, phones masked, with the total', async () => {
    const calls = stubFetch((url) =>
      url.startsWith('/api/ops/advisers')
        ? advisers
        : ok({
            items: [
              familySummary(),
              familySummary({ userSn: 'U100002', name: '', member: false, onboarded: false }),
            ],
            total: 42,
          }),
    );
    open();
    const link = await screen.findByRole('link', { name: 'Li Na' });
    expect(link).toHaveAttribute('href', '/families/U100001');
    expect(screen.getAllByText('+86 138****8000')).toHaveLength(2);
    expect(screen.getByText('(no name)')).toBeInTheDocument();
    expect(screen.getByText(/of 42/)).toHaveTextContent('1–2 of 42');
    expect(lastSearch(calls).get('sort')).toBe('registeredAt');
    expect(lastSearch(calls).get('order')).toBe('desc');
    expect(lastSearch(calls).get('page')).toBe('1');
  });

  it('sends what is typed as q once Enter is pressed, and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) =>
      url.startsWith('/api/ops/advisers') ? advisers : ok({ items: [familySummary()], total: 1 }),
    );
    open('/families?page=3');
    await screen.findByRole('link', { name: 'Li Na' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '8000{Enter}');
    await waitFor(() => expect(lastSearch(calls).get('q')).toBe('8000'));
    // A new search starts on page 1.
    expect(lastSearch(calls).get('page')).toBe('1');
    expect(screen.getByTestId('address')).toHaveTextContent('/families?q=8000');
  });

  it('filters by membership and sorts by a column through the server', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) =>
      url.startsWith('/api/ops/advisers') ? advisers : ok({ items: [familySummary()], total: 1 }),
    );
    open();
    await screen.findByRole('link', { name: 'Li Na' });
    await user.click(screen.getByRole('combobox', { name: 'Membership' }));
    await user.click(await screen.findByRole('option', { name: 'Members' }));
    await waitFor(() => expect(lastSearch(calls).get('member')).toBe('yes'));

    await user.click(screen.getByText('Credits'));
    await waitFor(() => expect(lastSearch(calls).get('sort')).toBe('availableCredits'));
    expect(lastSearch(calls).get('member')).toBe('yes');
    expect(screen.getByTestId('address')).toHaveTextContent('sort=availableCredits');
  });

  it('reads the page and filters from the address, and asks the next page', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((url) =>
      url.startsWith('/api/ops/advisers') ? advisers : ok({ items: [familySummary()], total: 45 }),
    );
    open('/families?onboarding=pending&adviserId=2&page=2');
    await screen.findByRole('link', { name: 'Li Na' });
    expect(lastSearch(calls).get('onboarding')).toBe('pending');
    expect(lastSearch(calls).get('adviserId')).toBe('2');
    expect(lastSearch(calls).get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastSearch(calls).get('page')).toBe('3'));
  });

  it('says when nothing matches, in Chinese too', async () => {
    await changeLanguage('zh_CN');
    stubFetch((url) =>
      url.startsWith('/api/ops/advisers') ? advisers : ok({ items: [], total: 0 }),
    );
    open('/families?q=nobody');
    expect(await screen.findByText('没有符合搜索条件的家庭。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '家庭' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('可用课时')).toBeInTheDocument();
  });
});
