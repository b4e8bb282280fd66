import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

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
 * The running app's cache: the provider hands it to the screens, and route loaders start a
 * screen's first queries in it while the screen's code downloads (app/prefetch.ts).
 */
export const appQueryClient = createQueryClient();
