import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-client';

/** Server state lives only here (STYLE.md). A 4xx will not change by retrying. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500)
            return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Starts a screen's first queries for the URL being opened (a route loader calls it while the
 * screen's code downloads; apps/web/src/app/prefetch.ts).
 */
export type Prefetch = (client: QueryClient, url: URL) => unknown;
