import { currencySymbol } from '@portal/shared/billing';

/**
 * "$189.00": a price in minor units as the parents' screens show it (their own currency symbol,
 * two decimals: apps/web's formatMoney), so the preview looks the same.
 */
export function formatMoney(minor: number, currency: string): string {
  return `${currencySymbol(currency)}${(minor / 100).toFixed(2)}`;
}

/** Minor units as the major units a form shows (18950 → 189.5). */
export const toMajorUnits = (minor: number) => minor / 100;

/**
 * Major units typed in a form as minor units (189.5 → 18950); undefined for an empty box. The
 * number field answers a string while the text is not a plain number yet ("199.50", "199.").
 */
export function toMinorUnits(major: number | string): number | undefined {
  const value = typeof major === 'number' ? major : Number(major.replaceAll(',', '').trim());
  if (major === '' || !Number.isFinite(value)) return undefined;
  return Math.round(value * 100);
}

/** An ISO time as a `datetime-local` value in the browser's zone ("2026-11-23T08:00"). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value (the browser's zone) as an ISO time; null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
