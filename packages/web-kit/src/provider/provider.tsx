import { MantineProvider, MantineThemeProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { useToastHostWanted } from '../notify';
import { theme } from '../theme';
import { datePickerDefaults } from '../time';

// The toast host arrives with the first toast (notify), not in the entry chunk. Toasts sit at
// the bottom, away from the title and the form being read (docs/decisions/033): bottom right on
// wide screens, two at most; one at a time across the bottom of a phone.
const Toasts = lazy(() =>
  import('@mantine/notifications').then((m) => ({
    default: function Toasts() {
      const phone = useMediaQuery('(max-width: 36em)', false);
      return (
        <m.Notifications
          position={phone ? 'bottom-center' : 'bottom-right'}
          limit={phone ? 1 : 2}
          containerWidth={phone ? undefined : 380}
        />
      );
    },
  })),
);

function ToastHost() {
  return useToastHostWanted() ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/**
 * Dates follow the interface language: dayjs's locale (i18n) for month and weekday names, and
 * each language's formats as the date pickers' defaults ("2020年11月", not "十一月 2020").
 */
function LocalisedProviders({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = instance.language === 'zh_CN' ? 'zh_CN' : 'en';
  const dates = useMemo(() => ({ components: datePickerDefaults(language) }), [language]);
  return (
    <MantineThemeProvider theme={dates}>
      <DatesProvider settings={{ locale: language === 'zh_CN' ? 'zh-cn' : 'en' }}>
        {children}
      </DatesProvider>
    </MantineThemeProvider>
  );
}

/** What every screen of an app runs under: texts, theme, toasts, the query cache, dates. */
export function KitProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <ToastHost />
        <QueryClientProvider client={client}>
          <LocalisedProviders>{children}</LocalisedProviders>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
