import { LANGUAGES, type Language } from '@portal/shared/i18n';

/** A local-storage value, or null when it is missing or storage is unavailable. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a local-storage value; does nothing when storage is unavailable. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the app still works for this page view.
  }
}

/**
 * The interface language chosen on this browser, kept under `lang` (spec §3, §9). Both apps
 * serve the same origin, so the parents' app and the console share the choice.
 */
export function storedLanguage(): Language | undefined {
  const value = readStored('lang');
  return LANGUAGES.find((language) => language === value);
}

export function storeLanguage(language: Language): void {
  writeStored('lang', language);
}
