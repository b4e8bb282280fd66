import { z } from 'zod';

/** Longest phone number by calling code (spec §5 Phone); every other code allows 15 (E.164). */
export const PHONE_MAX_LENGTH_BY_CODE: Readonly<Record<string, number>> = { '86': 11, '1': 10 };
export const PHONE_DEFAULT_MAX_LENGTH = 15;
export const PHONE_MIN_LENGTH = 6;

export function phoneMaxLength(countryCode: string): number {
  return PHONE_MAX_LENGTH_BY_CODE[countryCode] ?? PHONE_DEFAULT_MAX_LENGTH;
}

/** What the phone input keeps of what is typed: digits only (spec §5). */
export function stripNonDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/** A calling code without the plus: 1 to 4 digits, no leading zero. */
export const CountryCodeSchema = z
  .string({ error: 'countryCodeError' })
  .trim()
  .regex(/^[1-9]\d{0,3}$/, 'countryCodeError');

/** The phone field alone: required (phoneEmpty), digits only, 6–15 long (phoneError). */
export const MobileSchema = z
  .string({ error: 'phoneEmpty' })
  .trim()
  .min(1, 'phoneEmpty')
  .regex(new RegExp(`^\\d{${PHONE_MIN_LENGTH},${PHONE_DEFAULT_MAX_LENGTH}}$`), 'phoneError');

/** Fields of every body that names a phone; spread into an object, then `.superRefine(refinePhone)`. */
export const PHONE_FIELDS = { mobile: MobileSchema, country_code: CountryCodeSchema };

/** The limit that depends on the calling code (86 → 11, 1 → 10), checked once both fields parse. */
export function refinePhone(
  value: { mobile: string; country_code: string },
  ctx: z.RefinementCtx,
): void {
  if (value.mobile.length > phoneMaxLength(value.country_code)) {
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'phoneError' });
  }
}

/** Phone number and its calling code. Messages: phoneEmpty, phoneError (spec §5, §8). */
export const PhoneWithCodeSchema = z.object(PHONE_FIELDS).superRefine(refinePhone);
export type PhoneWithCode = z.infer<typeof PhoneWithCodeSchema>;

/** The phone as logs may show it: calling code and last two digits only. */
export function maskPhone(countryCode: string, mobile: string): string {
  const tail = mobile.slice(-2);
  return `+${countryCode} ${'*'.repeat(Math.max(mobile.length - 2, 0))}${tail}`;
}
