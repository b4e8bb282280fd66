import { currencySymbol } from '@portal/shared/billing';
import { twoDigits } from '@portal/shared/api';

/** "$189.00" — the charge's own currency symbol (docs/product.md → Payments). */
export function formatMoney(amount: number, currency: string): string {
  return `${currencySymbol(currency)}${amount.toFixed(2)}`;
}

/** "01:02:03" for a number of seconds (spec §2 time-limited offer). */
export function hhmmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${twoDigits(Math.floor(s / 3600))}:${twoDigits(Math.floor((s % 3600) / 60))}:${twoDigits(s % 60)}`;
}
