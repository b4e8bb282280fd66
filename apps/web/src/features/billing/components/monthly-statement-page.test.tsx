import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { renderWithProviders } from '../../../test/render';
import { MonthlyStatementPage } from './monthly-statement-page';

const LOG = {
  code: 200,
  msg: 'ok',
  data: {
    data_info: [
      {
        datetime: '2026-10-08 09:15',
        student: 'Mia',
        class: 'Reading',
        class_type: '1-on-1',
        credit: 1,
        requried_credit: 1,
        status: 'Completed',
      },
    ],
    total: 1,
  },
};

interface Call {
  url: string;
  init?: RequestInit;
}

/** Answers the lesson log as JSON and the statement PDF with `pdf`. */
function serve(pdf: () => Response): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, ...(init ? { init } : {}) });
    if (url.includes('/api/statementPdf')) return pdf();
    return new Response(JSON.stringify(LOG), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

/** Records the names of files the page saves instead of saving them. */
function captureSaves() {
  const createObjectURL = vi.fn(() => 'blob:statement');
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
  return { names, createObjectURL };
}

const pdfResponse = (name: string) =>
  new Response(new Blob(['%PDF-1.3 test'], { type: 'application/pdf' }), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${name}"`,
    },
  });

beforeEach(async () => {
  storage.setToken('test-token');
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('MonthlyStatementPage: Download PDF (issue #25)', () => {
  it("downloads the chosen month with the parent's token, language and offset, under the server's name", async () => {
    const user = userEvent.setup();
    const calls = serve(() => pdfResponse('statement-2026-10.pdf'));
    const { names, createObjectURL } = captureSaves();
    renderWithProviders(<MonthlyStatementPage />, { route: '/?month=2026-10' });
    await screen.findByText('Reading');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(names).toEqual(['statement-2026-10.pdf']));
    const download = calls.find((call) => call.url.includes('/api/statementPdf'))!;
    const url = new URL(download.url, 'http://localhost');
    expect(url.pathname).toBe('/api/statementPdf');
    expect(url.searchParams.get('month')).toBe('2026-10');
    expect(Number.isInteger(Number(url.searchParams.get('time_diff')))).toBe(true);
    expect(download.init?.headers).toMatchObject({
      authorization: 'Bearer test-token',
      lang: 'en',
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('sends no month until one is chosen (the server takes the current one)', async () => {
    const user = userEvent.setup();
    const calls = serve(() => pdfResponse('statement-2026-11.pdf'));
    const { names } = captureSaves();
    renderWithProviders(<MonthlyStatementPage />);
    await screen.findByText('Reading');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(names).toEqual(['statement-2026-11.pdf']));
    const download = calls.find((call) => call.url.includes('/api/statementPdf'))!;
    expect(new URL(download.url, 'http://localhost').searchParams.has('month')).toBe(false);
  });

  it("shows the server's message when the PDF cannot be made, and saves nothing", async () => {
    const user = userEvent.setup();
    serve(
      () =>
        new Response(
          JSON.stringify({
            code: 503,
            msg: 'The statement PDF cannot be made right now.',
            data: null,
          }),
          { status: 503, headers: { 'content-type': 'application/json' } },
        ),
    );
    const { names } = captureSaves();
    renderWithProviders(<MonthlyStatementPage />, { route: '/?month=2026-10' });
    await screen.findByText('Reading');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(
      await screen.findByText('The statement PDF cannot be made right now.'),
    ).toBeInTheDocument();
    expect(names).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('says so in its own words when the network fails', async () => {
    const user = userEvent.setup();
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    captureSaves();
    renderWithProviders(<MonthlyStatementPage />, { route: '/?month=2026-10' });
    await screen.findByText('Reading');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(
      await screen.findByText('The PDF could not be downloaded. Please try again.'),
    ).toBeInTheDocument();
  });

  it('speaks Chinese and asks for the PDF in Chinese', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('zh_CN');
    const calls = serve(() => pdfResponse('statement-2026-10.pdf'));
    const { names } = captureSaves();
    renderWithProviders(<MonthlyStatementPage />, { route: '/?month=2026-10' });
    await screen.findByText('Reading');
    await user.click(screen.getByRole('button', { name: '下载 PDF' }));
    await waitFor(() => expect(names).toEqual(['statement-2026-10.pdf']));
    const download = calls.find((call) => call.url.includes('/api/statementPdf'))!;
    expect(download.init?.headers).toMatchObject({ lang: 'zh_CN' });
  });
});
