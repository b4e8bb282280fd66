import { useSyncExternalStore } from 'react';
import { storage } from '../../../lib/storage';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Tells the signed-in frame that the stored pending deletion changed (cancelled). */
export function deletionOfferChanged() {
  for (const listener of listeners) listener();
}

/**
 * The date of a pending account deletion that the last sign-in reported (issue #25), kept in the
 * browser until the parent cancels it or signs out; undefined otherwise (and when pre-rendered).
 */
export function useDeletionOffer(): string | undefined {
  return useSyncExternalStore(subscribe, storage.getDeletionDueAt, () => undefined);
}
