import { CLASS_TYPES } from '@portal/shared/catalogue';
import { COURSE_STATUSES } from '@portal/shared/staff';
import { z } from 'zod';
import { useUrlSearch } from '../../../lib/url-search';

export const CATALOGUE_TABS = [
  'subjects',
  'levelGroups',
  'levels',
  'topics',
  'courses',
  'agreements',
] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

const optionalId = z.coerce.number().int().positive().optional();

/**
 * The catalogue page's place in the URL (lib/url-search.ts): the tab, the subject the groups,
 * levels and topics show (and the courses filter), the level of the topics, the course filters
 * and the course list's page.
 */
const CataloguePageSearchSchema = z.object({
  tab: z.enum(CATALOGUE_TABS).default('subjects'),
  subject: optionalId,
  level: optionalId,
  teacher: optionalId,
  type: z.enum(CLASS_TYPES).optional(),
  status: z.enum(COURSE_STATUSES).default('active'),
  page: z.coerce.number().int().positive().default(1),
});
export type CataloguePageSearch = z.output<typeof CataloguePageSearchSchema>;

export const useCatalogueSearch = () => useUrlSearch(CataloguePageSearchSchema);
