import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

function LocalisedProviders({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = instance.language === 'zh_CN' ? 'zh-cn' : 'en';
  return (
    <DatesProvider settings={{ locale }}>
      <ModalsProvider>{children}</ModalsProvider>
    </DatesProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications position="top-center" />
        <QueryClientProvider client={queryClient}>
          <LocalisedProviders>{children}</LocalisedProviders>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
