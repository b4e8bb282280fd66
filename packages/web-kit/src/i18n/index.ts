import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  browserLanguage,
  LANGUAGES,
  normalizeLanguage,
  translate,
  type Language,
  type MessageKey,
} from '@portal/shared/i18n';
import { storedLanguage, storeLanguage } from '../storage';

/** One language's translation files: `{ './auth.json': { default: texts } }` (import.meta.glob). */
export type LanguageFiles = Record<string, { default: Record<string, unknown> }>;

export { KIT_COMMON_TEXTS } from './kit-texts';

/** Loads one language's files, e.g. `() => import('../locales/en/index')`. */
export type LanguageBundles = Record<Language, () => Promise<{ default: LanguageFiles }>>;

let bundles: LanguageBundles | undefined;

/**
 * Names where the app's texts are (`locales/<language>/*.json`, one namespace per feature). Call
 * it once, in the app's i18n module, before anything loads a language: each language is then a
 * chunk of its own, fetched when first used, so a visitor downloads only their own. The kit's
 * widgets read their texts from the app's `common` namespace (`loading`, `retry`, `errorText`,
 * `close`, `appName`, `language`, `formFailed`, `networkError`, `offlineTitle`, `offlineText`,
 * `errorTitle`, `reload`; all but `appName` are in KIT_COMMON_TEXTS).
 */
export function setLanguageBundles(files: LanguageBundles): void {
  bundles = files;
}

/** Spec §9: stored `lang`, else the browser language (zh-cn → zh_CN), else English. */
export function initialLanguage(): Language {
  // No navigator when a page is pre-rendered at build time.
  const browserTag = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browserLanguage(storedLanguage(), browserTag, LANGUAGES, normalizeLanguage);
}

export const HTML_LANG: Record<Language, string> = { en: 'en', zh_CN: 'zh-CN' };
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', zh_CN: 'zh-cn' };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLanguage(language: string) {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  dayjs.locale(DAYJS_LOCALE[lang]);
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en';
}

/** `{ './auth.json': module }` → `[['auth', texts]]`: one language's namespaces by name. */
function namespacesOf(files: LanguageFiles): [string, Record<string, unknown>][] {
  return Object.entries(files).map(([file, module]) => [
    file.replace(/^.*\/([^/]+)\.json$/, '$1'),
    module.default,
  ]);
}

/** Makes a language's texts available (once); the app renders after the first one is in. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'common')) return;
  // `bundles` is set by the app's i18n module, which every caller of this one imports first.
  for (const [namespace, texts] of namespacesOf((await bundles![language]()).default))
    i18n.addResourceBundle(language, namespace, texts, true, true);
}

/** Switches the interface language and remembers it under `lang` (spec §3). */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** The shared catalogue's text for a validation key, in the current language (same as the server's msg). */
export function messageText(key: MessageKey | string): string {
  const language = currentLanguage();
  try {
    return translate(language, key as MessageKey);
  } catch {
    return key;
  }
}
