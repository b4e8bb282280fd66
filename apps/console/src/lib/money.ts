import type { Language } from '@portal/shared/i18n';
import type { BilingualText } from '@portal/shared/staff';

/*
 * Money and bilingual texts as the console's screens show them (families, orders, books): amounts
 * come from the API in minor units of their currency.
 */

/** The text of a `{en, zh}` pair for the interface language. */
export function localText(text: BilingualText, language: Language): string {
  return language === 'zh_CN' ? text.zh || text.en : text.en || text.zh;
}

/** Digits after the decimal point of a currency (JPY 0, USD 2, …): the API sends minor units. */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount in minor units of `currency`: "$189.00" / "US$189.00". */
export function formatMoney(amount: number, currency: string, language: Language): string {
  const value = amount / 10 ** minorDigits(currency);
  try {
    return new Intl.NumberFormat(language === 'zh_CN' ? 'zh-CN' : 'en-US', {
      style: 'currency',
      currency,
    }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** Major units typed in a form → minor units (NaN when not a number). */
export function toMinor(major: number | string, currency: string): number {
  const value = typeof major === 'number' ? major : Number(major);
  if (major === '' || !Number.isFinite(value)) return Number.NaN;
  return Math.round(value * 10 ** minorDigits(currency));
}

/** Minor units → major units for a form's number field. */
export const toMajor = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);

/** A credit movement with its sign: "+5", "−3", "0". */
export function signed(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${Math.abs(value)}`;
  return '0';
}
