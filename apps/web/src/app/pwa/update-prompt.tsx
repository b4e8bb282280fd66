import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open app asks whether a new build is out (besides at start). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (pwa.config.ts) and offers a new build once it has installed
 * beside the running one: "A new version is available — reload". Nothing changes until the
 * parent reloads (`registerType: 'prompt'`), so a page never runs code of two builds. The
 * browser checks at every start; an open app also checks hourly and when it comes back to the
 * foreground after an hour.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const [registration, setRegistration] = useState<ServiceWorkerRegistration>();
  const [reloading, setReloading] = useState(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registered) => setRegistration(registered),
    onRegisterError: (error: unknown) => console.warn('service worker not registered', error),
  });
  useUpdateChecks(registration);

  if (!needRefresh) return null;
  return (
    <Paper role="status" withBorder shadow="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{t('updateAvailable')}</Text>
        <Button
          size="xs"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            // The waiting worker takes over and the page reloads under it (vite-plugin-pwa).
            void updateServiceWorker(true);
          }}
        >
          {t('updateReload')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Asks the server for a new service worker hourly, and on return to a page left for an hour. */
function useUpdateChecks(registration: ServiceWorkerRegistration | undefined) {
  useEffect(() => {
    if (!registration) return;
    let lastCheck = Date.now();
    const check = () => {
      if (!navigator.onLine || registration.installing) return;
      lastCheck = Date.now();
      registration.update().catch((error: unknown) => {
        // The next check tries again; a failed check changes nothing on the page.
        console.warn('update check failed', error);
      });
    };
    const timer = setInterval(check, UPDATE_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck >= UPDATE_CHECK_MS)
        check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [registration]);
}
