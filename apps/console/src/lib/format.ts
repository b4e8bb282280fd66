import type { Language } from '@portal/shared/i18n';
import { currentLanguage } from './i18n';

/** The Intl locale of each interface language (the console's dates and numbers). */
export const LOCALE: Record<Language, string> = { en: 'en-GB', zh_CN: 'zh-CN' };

/**
 * An instant as date and time in the interface language and the browser's zone:
 * "24 Nov 2026, 09:30" / "2026年11月24日 09:30". '' for nothing or a value that is not a time.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  language: Language = currentLanguage(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
