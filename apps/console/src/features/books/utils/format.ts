import type { Language } from '@portal/shared/i18n';
import { LOCALE } from '../../../lib/format';

/** A whole number with the language's grouping: "12,480". */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language]).format(value);
}

/** "YYYY-MM" of a local date. */
export function monthOfDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The month `offset` months after "YYYY-MM". */
export function addMonths(month: string, offset: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return monthOfDate(new Date(year, number - 1 + offset, 1));
}
