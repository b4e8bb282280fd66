import type { Language } from '@portal/shared/i18n';
import { LOCALE } from '../../../lib/format';

/** A whole number with the language's grouping: "12,480". */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language]).format(value);
}

/** A share as a percentage with one decimal: "8.3%". */
export function formatRate(rate: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(rate);
}

/** A calendar day "YYYY-MM-DD" as a short label: "16 Nov" / "11月16日" (no zone shift). */
export function formatDay(day: string, language: Language): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALE[language], {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}
