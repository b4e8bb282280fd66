import { useSyncExternalStore } from 'react';
import { i18n } from '../i18n';

// Mantine's notifications (and the transitions and portal under them) are loaded with the first
// toast, not with the entry: most first screens never show one (issue #8, docs/decisions/022).
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
    // Pre-rendered pages show no toast (the parents' sign-in page).
    () => false,
  );
}

export type ToastColor = 'yellow' | 'green' | 'red';

export interface NotifyOptions {
  /**
   * The id of a toast this one takes the place of: a form's previous message goes when its next
   * one comes (one toast per form, decision 033).
   */
  replaces?: string | null;
}

const loadStore = () => import('@mantine/notifications').then((m) => m.notifications);

/**
 * The app's toasts (spec §8: warnings for refused requests, success notes). The close button
 * gets a translated name so screen readers can announce it; a toast already showing the same
 * text is not repeated. Answers the toast's id (for `dismiss` and `replaces`).
 */
export function notify(color: ToastColor, message: string, options: NotifyOptions = {}): string {
  if (!hostWanted) {
    hostWanted = true;
    listeners.forEach((listener) => listener());
  }
  const closeLabel = i18n.t('close');
  // The same text while it is still on screen is not stacked again: a screen's query that
  // repeats a refused route prefetch (apps/web/src/app/prefetch.ts), or a button pressed twice.
  const id = `${color}:${message}`;
  void loadStore().then((notifications) => {
    if (options.replaces && options.replaces !== id) notifications.hide(options.replaces);
    notifications.show({
      id,
      color,
      message,
      // Warnings stay a little longer than the default 4 s: the parent reads, then corrects.
      autoClose: color === 'green' ? 4000 : 7000,
      closeButtonProps: { 'aria-label': closeLabel },
    });
  });
  return id;
}

/** Takes a toast away (a form that succeeded clears its stale warning). */
export function dismiss(id: string | null | undefined): void {
  if (!id || !hostWanted) return;
  void loadStore().then((notifications) => notifications.hide(id));
}
