import { AuditQuerySchema, type AuditQueryInput } from '@portal/shared/staff';
import { useUrlSearch, type SearchPatch } from '../../../lib/url-search';

/** A change of the log's URL: a value, or undefined / '' to leave the parameter out. */
export type AuditPatch = SearchPatch<AuditQueryInput>;

/** The log's filters and page live in the URL; any change but a page change goes to page 1. */
export const useAuditSearch = () => useUrlSearch(AuditQuerySchema);
