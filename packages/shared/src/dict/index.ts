import { z } from 'zod';
import { PageQuerySchema } from '../api';

/** Spec §3 Country: `title` is in the request's language. */
export const CountrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Calling code without the plus, e.g. "86". */
  country_code: z.string(),
  /** ISO 3166-1 alpha-2, so a client can show a flag or sort by region. */
  iso: z.string(),
});
export type Country = z.infer<typeof CountrySchema>;

/** Spec §7: `GET /api/dict/countries?page=1&pagesize=999&keywords=&country_code=`. */
export const CountriesQuerySchema = z.object({
  page: PageQuerySchema.shape.page,
  pagesize: z.coerce.number().int().min(1).max(999).default(999),
  keywords: z.string().trim().max(50, 'keywordsTooLong').optional(),
  country_code: z
    .string()
    .trim()
    .regex(/^\+?\d{0,4}$/, 'countryCodeError')
    .optional(),
});
export type CountriesQuery = z.infer<typeof CountriesQuerySchema>;

export const CountryListSchema = z.array(CountrySchema);

/**
 * `GET /api/dict/site`: the public facts of the school running the portal, from the server's
 * configuration. A fact that is not configured is null, and the web shows nothing for it.
 */
export const SiteSettingsSchema = z.object({
  /** The legal name of the company, in the request's language when configured in it. */
  company_name: z.string().nullable(),
  support_email: z.string().nullable(),
  support_phone: z.string().nullable(),
  /** The lesson app's own page in each store, never a store's home page. */
  app_store_url: z.string().nullable(),
  google_play_url: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
