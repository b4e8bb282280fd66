import { KitProvider } from '@portal/web-kit/provider';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appQueryClient } from './query-client';

/**
 * Texts, theme, toasts, the app's query cache and dates (packages/web-kit/src/provider). A screen
 * the server draws for one visitor has a cache of its own (app/shell/render.tsx).
 */
export function AppProvider({
  client = appQueryClient,
  children,
}: {
  client?: QueryClient;
  children: ReactNode;
}) {
  return <KitProvider client={client}>{children}</KitProvider>;
}
