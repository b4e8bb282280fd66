import { createQueryClient } from '@portal/web-kit/query-client';
import { KitProvider } from '@portal/web-kit/provider';
import type { ReactNode } from 'react';

/** The console's one query cache: cleared when the member signs out (no family data stays). */
export const queryClient = createQueryClient();

/** Texts, theme, toasts, the query cache and dates (packages/web-kit/src/provider). */
export function AppProvider({ children }: { children: ReactNode }) {
  return <KitProvider client={queryClient}>{children}</KitProvider>;
}
