import { z } from 'zod';
import { DB_ID_MAX, isCalendarDayInRange, twoDigits } from '../api';

export * from './messages';

/**
 * docs/product.md → Children limits: never more than 6; without a plan the parent adds up to 3
 * alone.
 */
export const MAX_CHILDREN = 6;
export const DEFAULT_CHILD_LIMIT = 3;
export const NICKNAME_MAX_LENGTH = 20;

/** The length the nickname rule counts (trimmed), so a counter and the rule always agree. */
export const nicknameLength = (value: string) => value.trim().length;

/**
 * "M/D/YYYY" (spec §5: sent that way) → "YYYY-MM-DD", or undefined when it is no real date in
 * 1970–2100 (the span every date field accepts).
 */
export function parseBirthDate(value: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const [, m, d, y] = match.map(Number) as [number, number, number, number];
  if (!isCalendarDayInRange(y, m, d)) return undefined;
  return `${y}-${twoDigits(m)}-${twoDigits(d)}`;
}

/** "YYYY-MM-DD" → "M/D/YYYY" (what the API sends back) and "MM/DD/YYYY" (what screens show). */
export function formatBirthDate(iso: string, padded = false): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const pad = (n: number) => (padded ? twoDigits(n) : String(n));
  return `${pad(m)}/${pad(d)}/${y}`;
}

/** Spec §5: a birth date is before today (today in the parent's own calendar). */
export function isPastDate(iso: string, todayIso: string): boolean {
  return iso < todayIso;
}

/**
 * Add / edit child (spec §5): checked in the order avatar, birthday, name. The "not today or
 * later" rule needs the parent's calendar day, so the server checks it in the service.
 */
export const ChildFieldsSchema = z.object({
  avatar: z.coerce
    .number({ error: 'selectAvatar' })
    .int('selectAvatar')
    .positive('selectAvatar')
    .max(DB_ID_MAX, 'selectAvatar'),
  birth_date: z
    .string({ error: 'selectBirthday' })
    .trim()
    .min(1, 'selectBirthday')
    .refine((value) => parseBirthDate(value) !== undefined, { message: 'selectBirthday' }),
  nickname: z
    .string({ error: 'selectName' })
    .trim()
    .min(1, 'selectName')
    .max(NICKNAME_MAX_LENGTH, 'nicknameTooLong'),
});
export type ChildFields = z.infer<typeof ChildFieldsSchema>;

export const StudentSnSchema = z
  .string({ error: 'selectChild' })
  .trim()
  .min(1, 'selectChild')
  .max(40, 'selectChild');

export const EditChildBodySchema = ChildFieldsSchema.extend({ student_sn: StudentSnSchema });
export const DeleteChildBodySchema = z.object({ student_sn: StudentSnSchema });
export const SetLastStudentBodySchema = z.object({ last_student_sn: StudentSnSchema });

/** Spec §3 Child. `id` is the avatar option's id (the edit form preselects it). */
export const ChildSchema = z.object({
  student_sn: z.string(),
  nickname: z.string(),
  birth_date: z.string(),
  avatar: z.string(),
  id: z.number().int(),
  age: z.number().int(),
});
export type Child = z.infer<typeof ChildSchema>;

export const AvatarSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  selected: z.boolean(),
});

/**
 * What deleting a child does (issue #19: the confirmation names it): the lessons not yet
 * started are cancelled and the credits they reserve go back; finished lessons stay in history.
 */
export const ChildDeletionImpactSchema = z.object({
  student_sn: z.string(),
  nickname: z.string(),
  /** Lessons not yet started that the deletion cancels. */
  lessons: z.number().int(),
  /** Credits those lessons reserve, released to the balance. */
  credits: z.number().int(),
});
export type ChildDeletionImpact = z.infer<typeof ChildDeletionImpactSchema>;
export const ChildDeletionImpactQuerySchema = z.object({ student_sn: StudentSnSchema });
