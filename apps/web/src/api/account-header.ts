import type { QueryClient } from '@tanstack/react-query';
import { accountQueryOptions } from './credits';
import { profileQueryOptions } from './profile';

/** What every signed-in screen opens with (its frame's header): the profile and the balance. */
export function prefetchAccountHeader(client: QueryClient): void {
  void client.prefetchQuery(profileQueryOptions());
  void client.prefetchQuery(accountQueryOptions());
}
