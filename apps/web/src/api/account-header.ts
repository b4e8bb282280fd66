import type { QueryClient } from '@tanstack/react-query';
import { accountQueryOptions } from './credits';
import { profileQueryOptions } from './profile';

/** What every `AccountLayout` screen opens with: the profile (member badge) and the credit balance. */
export function prefetchAccountHeader(client: QueryClient): void {
  void client.prefetchQuery(profileQueryOptions());
  void client.prefetchQuery(accountQueryOptions());
}
