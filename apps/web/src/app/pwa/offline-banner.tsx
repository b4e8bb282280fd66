import { Paper, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribeToNetwork(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The browser's idea of the connection: `false` is reliable, `true` only means "maybe". */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Says, on every screen, that the browser is offline: what the screen shows may be out of date
 * and nothing can be sent. The screens' own error states say it too, with their Retry (ListState);
 * the query cache fetches again by itself when the connection is back.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <Paper role="status" withBorder shadow="md" p="sm" bg="yellow.0">
      <Text size="sm" fw={600}>
        {t('offlineBanner')}
      </Text>
    </Paper>
  );
}
