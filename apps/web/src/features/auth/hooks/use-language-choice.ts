import { LANGUAGES, type Language } from '@portal/shared/i18n';
import { useEffect } from 'react';
import { i18n } from '../../../lib/i18n';

// Module state, not component state: a choice made on `/` still counts after the parent moves on
// to `/loginPassword` (and back). A reload starts over, as the choice is then only the stored
// `lang`, which may just as well be an earlier account's language (decision 036).
let chosen: Language | undefined;

/**
 * The language the parent picked on a sign-in screen, or undefined when they picked none: sent
 * with the sign-in so it replaces the account's language (docs/product.md → Languages).
 */
export function chosenLanguage(): Language | undefined {
  return chosen;
}

/** Test seam: forgets the choice. */
export function forgetLanguageChoice(): void {
  chosen = undefined;
}

/**
 * Watches the header's language switch while a sign-in screen is shown: every change of the
 * interface language there is the parent's explicit choice (nothing else changes it before the
 * sign-in answers).
 */
export function useLanguageChoice(): void {
  useEffect(() => {
    const remember = (language: string) => {
      chosen = LANGUAGES.find((known) => known === language);
    };
    i18n.on('languageChanged', remember);
    return () => i18n.off('languageChanged', remember);
  }, []);
}
