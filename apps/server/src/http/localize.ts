import type { Language } from '@portal/shared/i18n';

/**
 * Text a service returns in both languages (plan titles, subject names, descriptions): services
 * never choose a language; the edge picks by `request.lang` here, once.
 */
export interface Localized {
  en: string;
  zh: string | null | undefined;
}

/** The text in `language`; Chinese falls back to English where it has none (empty or null). */
export function pick(language: Language, text: Localized): string {
  return language === 'zh_CN' ? text.zh || text.en : text.en;
}

/**
 * The text in `language` exactly as stored: an empty Chinese text stays empty. For texts the
 * parents' API has always answered that way (the catalogue's titles and descriptions, the
 * adviser's card), so their answers stay byte for byte what they were.
 */
export function pickAsStored(language: Language, text: { en: string; zh: string }): string {
  return language === 'zh_CN' ? text.zh : text.en;
}
