import { readStored, writeStored } from '@portal/web-kit/storage';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the enter flow offers "Check my device first" (issue #24): once per browser, and not
 * when the check ran in the last 30 days. Both dates live only in this browser's storage.
 * `deviceCheckedAt` is written by the device check page (features/device-check/utils/
 * checked-at.ts); features do not import each other, so the key is spelled in both.
 */
const CHECKED_AT_KEY = 'deviceCheckedAt';
const OFFERED_AT_KEY = 'deviceCheckOfferedAt';
export const DEVICE_CHECK_FRESH_MS = 30 * 24 * 60 * 60 * 1000;

function isRecent(key: string, now: number): boolean {
  const at = Date.parse(readStored(key) ?? '');
  return Number.isFinite(at) && now - at < DEVICE_CHECK_FRESH_MS;
}

export function isDeviceCheckOfferDue(now: number = Date.now()): boolean {
  return !isRecent(CHECKED_AT_KEY, now) && !isRecent(OFFERED_AT_KEY, now);
}

const listeners = new Set<() => void>();

/** The offer was seen and passed over ("Not now", or Enter): not again for 30 days. */
export function markDeviceCheckOffered(now: number = Date.now()): void {
  writeStored(OFFERED_AT_KEY, new Date(now).toISOString());
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab that ran the check or dismissed the offer.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The offer's state shared by every lesson card, so dismissing it on one hides it on all. */
export function useDeviceCheckOffer() {
  const due = useSyncExternalStore(
    subscribe,
    () => isDeviceCheckOfferDue(),
    // Drawn on the server (decision 056): the app draws the offer once it runs.
    () => false,
  );
  const dismiss = useCallback(() => markDeviceCheckOffered(), []);
  return { due, dismiss };
}
