import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

// Mantine's notifications (and the transitions and portal under them) are loaded with the first
// toast, not with the entry: most first screens never show one (issue #8, decisions/022).
let hostWanted = false;
const listeners = new Set<() => void>();

/** True once a toast has been asked for: the app mounts the toast host from then on. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hostWanted,
    // Pre-rendered pages show no toast (app/shell/render.tsx).
    () => false,
  );
}

/**
 * The app's toasts (spec §8: warnings for refused requests, success notes). The close button
 * gets a translated name so screen readers can announce it; a toast already showing the same
 * text is not repeated.
 */
export function notify(color: 'yellow' | 'green' | 'red', message: string): void {
  if (!hostWanted) {
    hostWanted = true;
    listeners.forEach((listener) => listener());
  }
  const closeLabel = i18n.t('close');
  void import('@mantine/notifications').then(({ notifications }) =>
    // The same text while it is still on screen is not stacked again: a screen's query that
    // repeats a refused prefetch (app/prefetch.ts), or a button pressed twice.
    notifications.show({
      id: `${color}:${message}`,
      color,
      message,
      closeButtonProps: { 'aria-label': closeLabel },
    }),
  );
}
