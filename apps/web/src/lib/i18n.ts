import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  LANGUAGES,
  normalizeLanguage,
  translate,
  type Language,
  type MessageKey,
} from '@portal/shared/i18n';
import { storage } from './storage';

/** Every `locales/<language>/<namespace>.json`, one namespace per feature. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

function resources() {
  const result: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    (result[language] ??= {})[namespace] = module.default;
  }
  return result;
}

/** Spec §9: stored `lang`, else the browser language (zh-cn → zh_CN), else English. */
export function initialLanguage(): Language {
  return storage.getLanguage() ?? normalizeLanguage(navigator.language) ?? 'en';
}

const HTML_LANG: Record<Language, string> = { en: 'en', zh_CN: 'zh-CN' };
const DAYJS_LOCALE: Record<Language, string> = { en: 'en', zh_CN: 'zh-cn' };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: resources(),
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLanguage(language: string) {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  document.documentElement.lang = HTML_LANG[lang];
  dayjs.locale(DAYJS_LOCALE[lang]);
}
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export function currentLanguage(): Language {
  return (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en';
}

/** Switches the interface language and remembers it under `lang` (spec §3). */
export async function changeLanguage(language: Language): Promise<void> {
  storage.setLanguage(language);
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
