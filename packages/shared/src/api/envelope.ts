import { z } from 'zod';

/** Success code of the `{code, msg, data}` envelope (spec §7). */
export const SUCCESS_CODE = 200;

/**
 * Every answer of the API is `{code, msg, data}`; `code` 200 means success (spec §7).
 * Route response schemas are built with this so unknown fields of `data` are dropped.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(SUCCESS_CODE),
    msg: z.string(),
    data,
  });
}

/** The envelope of an error answer: `data` is usually null. */
export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** A page request as the legacy API spells it (`page`, `pagesize`). */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pagesize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
