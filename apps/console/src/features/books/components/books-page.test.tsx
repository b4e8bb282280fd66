import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Books } from '@portal/shared/staff';
import { changeLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { memberOf, ok, renderWithProviders } from '../../../test/render';
import { BooksPage } from './books-page';

const BOOKS: Books = {
  from: '2026-01',
  to: '2026-02',
  months: ['2026-01', '2026-02'],
  currencies: ['CNY', 'USD'],
  money: [
    ['2026-01', 'CNY', 2, 69_800, 1, 34_900, 0, 0],
    ['2026-01', 'USD', 3, 123_450, 0, 0, 1, 1_000],
    ['2026-02', 'CNY', 0, 0, 0, 0, 0, 0],
    ['2026-02', 'USD', 1, 5_000, 2, 9_800, 0, 0],
  ].map(([month, currency, oc, om, nc, nm, rc, rm]) => ({
    month: month as string,
    currency: currency as string,
    ordersCount: oc as number,
    ordersMinor: om as number,
    renewalsCount: nc as number,
    renewalsMinor: nm as number,
    refundsCount: rc as number,
    refundsMinor: rm as number,
    revenueMinor: (om as number) + (nm as number) - (rm as number),
  })),
  credits: [
    {
      month: '2026-01',
      sold: 120,
      consumed: 80,
      takenBack: 10,
      restored: 0,
      outstanding: 4321,
      membershipsStarted: 3,
      membershipsEnded: 1,
    },
    {
      month: '2026-02',
      sold: 40,
      consumed: 55,
      takenBack: 0,
      restored: 2,
      outstanding: 4308,
      membershipsStarted: 0,
      membershipsEnded: 2,
    },
  ],
  totals: [
    {
      currency: 'CNY',
      ordersCount: 2,
      ordersMinor: 69_800,
      renewalsCount: 1,
      renewalsMinor: 34_900,
      refundsCount: 0,
      refundsMinor: 0,
      revenueMinor: 104_700,
    },
    {
      currency: 'USD',
      ordersCount: 4,
      ordersMinor: 128_450,
      renewalsCount: 2,
      renewalsMinor: 9_800,
      refundsCount: 1,
      refundsMinor: 1_000,
      revenueMinor: 137_250,
    },
  ],
  timeZone: 'Asia/Shanghai',
  asOf: '2026-03-05T08:00:00.000Z',
};

type Answer = { status?: number; body: BodyInit; headers?: Record<string, string> };

/** A fetch stub that may answer files as well as envelopes. */
function serve(answer: (url: string) => Answer) {
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const { status = 200, body, headers = { 'content-type': 'application/json' } } = answer(url);
    return new Response(body, { status, headers });
  }) as typeof fetch;
  return calls;
}
const json = (value: unknown, status = 200): Answer => ({ status, body: JSON.stringify(value) });

beforeEach(async () => {
  await changeLanguage('en');
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.clear();
});

describe('the books', () => {
  it('shows the months of the address: charts per currency, money and credit tables', async () => {
    const calls = serve(() => json(ok(BOOKS).body));
    renderWithProviders(<BooksPage />, {
      me: memberOf('admin'),
      route: '/?from=2026-01&to=2026-02',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Books' })).toBeInTheDocument();
    const money = await screen.findByRole('table', { name: 'Money per month and currency' });
    expect(calls[0]!.url).toBe('/api/ops/books?from=2026-01&to=2026-02');
    expect(screen.getByRole('heading', { name: 'Revenue per month (USD)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Revenue per month (CNY)' })).toBeInTheDocument();
    expect(money).toHaveTextContent('3 · $1,234.50');
    expect(money).toHaveTextContent('$1,372.50'); // the USD total revenue
    expect(money).toHaveTextContent('CN¥1,047.00');
    const credits = screen.getByRole('table', { name: 'Credits and plans per month' });
    expect(credits).toHaveTextContent('4,321');
    expect(
      screen.getByText(/per month of the school’s calendar \(Asia\/Shanghai\)/),
    ).toBeInTheDocument();
  });

  it('refuses a range over 24 months or backwards without asking the server', async () => {
    const calls = serve(() => json(ok(BOOKS).body));
    renderWithProviders(<BooksPage />, {
      me: memberOf('admin'),
      route: '/?from=2024-01&to=2026-01',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at most 24 months.');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(calls).toHaveLength(0);
  });

  it('downloads the CSV with the staff token and the language, under the server’s name', async () => {
    const user = userEvent.setup();
    session.start('staff-token', new Date(Date.now() + 3600_000).toISOString());
    const calls = serve((url) =>
      url.startsWith('/api/ops/books.csv')
        ? {
            body: '\uFEFFMonth\r\n',
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="books-2026-01-2026-02.csv"',
            },
          }
        : json(ok(BOOKS).body),
    );
    const createObjectURL = vi.fn(() => 'blob:books');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderWithProviders(<BooksPage />, {
      me: memberOf('admin'),
      route: '/?from=2026-01&to=2026-02',
    });
    await screen.findByRole('table', { name: 'Money per month and currency' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toEqual(['books-2026-01-2026-02.csv']));
    const download = calls.find((call) => call.url.startsWith('/api/ops/books.csv'))!;
    expect(download.url).toBe('/api/ops/books.csv?from=2026-01&to=2026-02');
    expect(download.init?.headers).toMatchObject({
      authorization: 'Bearer staff-token',
      lang: 'en',
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s message when the PDF cannot be made', async () => {
    const user = userEvent.setup();
    serve((url) =>
      url.startsWith('/api/ops/books.pdf')
        ? json({ code: 503, msg: 'The PDF cannot be made right now.', data: null }, 503)
        : json(ok(BOOKS).body),
    );
    renderWithProviders(<BooksPage />, {
      me: memberOf('admin'),
      route: '/?from=2026-01&to=2026-02',
    });
    await screen.findByRole('table', { name: 'Money per month and currency' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The PDF cannot be made right now.')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh_CN');
    serve(() => json(ok(BOOKS).body));
    renderWithProviders(<BooksPage />, {
      me: memberOf('admin'),
      route: '/?from=2026-01&to=2026-02',
    });
    expect(screen.getByRole('heading', { level: 1, name: '账目' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: '按月份与币种的收支' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载 PDF' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '每月收入（USD）' })).toBeInTheDocument();
  });
});
