import { z } from 'zod';
import { CAPTCHA_SOLUTION_MAX_LENGTH } from './captcha-limits';

export { CAPTCHA_SOLUTION_MAX_LENGTH, CAPTCHA_VALID_MS } from './captcha-limits';

/**
 * The human check (decisions 020, 030 and 041): a self-hosted ALTCHA proof of work. The server
 * signs a challenge with `altcha-lib`; the `altcha` widget in the page solves it and hands over
 * its payload, which a form sends as `captcha`. The challenge's signed `data` names the stored
 * row (`id`) that makes it single use, and when it stops being accepted (`expires_at`).
 */
export const CaptchaChallengeSchema = z.object({
  // Loose: the signature covers every parameter ALTCHA sets, so none may be dropped on the way.
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    data: z.object({ id: z.string(), expires_at: z.string() }),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/**
 * The solved captcha a form sends (field `captcha`): the widget's payload, base64 of JSON
 * `{challenge, solution}`. Missing or not base64 → captchaRequired; the server checks the rest.
 */
export const CaptchaSolutionSchema = z
  .string({ error: 'captchaRequired' })
  .trim()
  .min(16, 'captchaRequired')
  .max(CAPTCHA_SOLUTION_MAX_LENGTH, 'captchaRequired')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'captchaRequired');

/** The payload the widget hands over, as far as the portal reads it. */
const CaptchaPayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      data: z.object({ id: z.string().min(1).max(64), expires_at: z.string() }),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string() }),
});
export type CaptchaPayload = z.infer<typeof CaptchaPayloadSchema>;

/** Reads a widget payload; undefined when it is not one (never throws). */
export function parseCaptchaPayload(
  solution: string,
  decodeBase64: (text: string) => string,
): CaptchaPayload | undefined {
  try {
    const parsed = CaptchaPayloadSchema.safeParse(JSON.parse(decodeBase64(solution)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
