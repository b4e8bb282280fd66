import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { useToastHostWanted } from '../lib/notify';
import { appQueryClient } from '../lib/query-client';
import { theme } from './theme';

// The toast host arrives with the first toast (lib/notify.ts), not in the entry chunk.
const Toasts = lazy(() =>
  import('@mantine/notifications').then((m) => ({
    default: () => <m.Notifications position="top-center" />,
  })),
);

function ToastHost() {
  return useToastHostWanted() ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

function LocalisedProviders({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = instance.language === 'zh_CN' ? 'zh-cn' : 'en';
  return <DatesProvider settings={{ locale }}>{children}</DatesProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <ToastHost />
        <QueryClientProvider client={appQueryClient}>
          <LocalisedProviders>{children}</LocalisedProviders>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
