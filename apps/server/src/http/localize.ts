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
