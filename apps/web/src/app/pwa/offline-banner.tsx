import { Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
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
 * When the connection comes back, the loads that failed on the screen are tried again (the query
 * cache does so by itself only for a loss it saw happen: an app opened offline thinks it is
 * online, and its failed loads would wait for a Retry each — the header's as well).
 */
function useRetryFailedWhenOnline() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const retry = () =>
      void queryClient.refetchQueries(
        { type: 'active', predicate: (query) => query.state.status === 'error' },
        { cancelRefetch: false },
      );
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [queryClient]);
}

/**
 * Says, on every screen, that the browser is offline: what the screen shows may be out of date
 * and nothing can be sent. The screens' own error states say it too, with their Retry (ListState).
 * Back online, it goes, and what failed meanwhile is fetched again.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  useRetryFailedWhenOnline();
  const online = useOnline();
  if (online) return null;
  return (
    <Paper role="status" withBorder shadow="md" p="sm" bg="yellow.0">
      <Text size="sm" fw={600}>
        {t('offlineBanner')}
      </Text>
    </Paper>
  );
}
