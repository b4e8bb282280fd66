import { FamilySearchQuerySchema } from '@portal/shared/staff';
import { useUrlSearch } from '../../../lib/url-search';

/**
 * The families search lives in the URL (lib/url-search.ts): any change but a page change goes
 * back to page 1; typing in the search box replaces the history entry instead of adding one.
 */
export const useFamilySearch = () =>
  useUrlSearch(FamilySearchQuerySchema, (patch) => !('page' in patch) && 'q' in patch);
