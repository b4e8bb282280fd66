import { z } from 'zod';

/** Spec §5 E-mail: max 50 characters. */
export const EMAIL_MAX_LENGTH = 50;

/** Spec §5: local part letters, digits, underscore, dash, dot; a 2–4 letter ending. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

export const EmailSchema = z
  .string({ error: 'emailEmpty' })
  .trim()
  .min(1, 'emailEmpty')
  .max(EMAIL_MAX_LENGTH, 'emailError')
  .regex(EMAIL_PATTERN, 'emailError');
