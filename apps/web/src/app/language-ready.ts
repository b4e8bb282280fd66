import { initialLanguage, loadLanguage } from '../lib/i18n';

/**
 * The visitor's language chunk, requested as soon as the entry runs: main.tsx imports this
 * module before the router, whose creation starts loading the screen's chunks. Requested after
 * them, the language queued behind some thirty route requests on HTTP/1.1's six connections and
 * held back the first render (issue #8, Lighthouse request chain of `/`).
 */
export const languageReady = loadLanguage(initialLanguage());
