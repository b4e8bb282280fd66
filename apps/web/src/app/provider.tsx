import { KitProvider } from '@portal/web-kit/provider';
import type { ReactNode } from 'react';
import { appQueryClient } from './query-client';

/** Texts, theme, toasts, the app's query cache and dates (packages/web-kit/src/provider). */
export function AppProvider({ children }: { children: ReactNode }) {
  return <KitProvider client={appQueryClient}>{children}</KitProvider>;
}
