import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { theme } from '../theme';

/** A query cache for one test: a failed query is not retried. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * Renders a widget with the kit's providers (the kit's i18n instance, which an app's i18n module
 * fills with its texts) and `queryClient`, a fresh one by default; answers it with the result.
 */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = testQueryClient() }: { queryClient?: QueryClient } = {},
) {
  const result = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}

/** A fetch stub answering `body` with `status`, recording each call. */
export function stubFetch(
  answers: (url: string, init?: RequestInit) => { status?: number; body: unknown },
) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const { status = 200, body } = answers(url, init);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}
