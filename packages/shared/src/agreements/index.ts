import { z } from 'zod';

/** Agreement types of spec §9: 2 privacy policy (/police), 3 service (/service), 4 contract (/contract). */
export const AGREEMENT_TYPES = { privacy: 2, service: 3, contract: 4 } as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[keyof typeof AGREEMENT_TYPES];

export const AgreementQuerySchema = z.object({
  type: z.coerce
    .number({ error: 'agreementTypeError' })
    .int('agreementTypeError')
    .refine((value): value is AgreementType => [2, 3, 4].includes(value), {
      message: 'agreementTypeError',
    }),
});

export const AgreementSchema = z.object({
  type: z.number().int(),
  title: z.string(),
  /** Sanitised HTML, safe to render. */
  content: z.string(),
  updated_at: z.string(),
});
export type Agreement = z.infer<typeof AgreementSchema>;
