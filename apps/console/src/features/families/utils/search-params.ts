import {
  FamilySearchQuerySchema,
  type FamilySearchQuery,
  type FamilySearchQueryInput,
} from '@portal/shared/staff';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A change of the search's URL: a value, or undefined / '' to leave the parameter out. */
export type SearchPatch = { [K in keyof FamilySearchQueryInput]?: string | number | undefined };

/**
 * The search as the address holds it, through the route's own schema. A hand-edited address
 * that does not parse loses only the parameters at fault.
 */
export function parseFamilySearch(params: URLSearchParams): FamilySearchQuery {
  const raw = Object.fromEntries(params);
  const parsed = FamilySearchQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = FamilySearchQuerySchema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))),
  );
  return kept.success ? kept.data : FamilySearchQuerySchema.parse({});
}

/**
 * The families search lives in the URL (STYLE.md: filters and pages in the URL), so a search can
 * be shared, reloaded and walked back. Any change but a page change goes back to page 1.
 */
export function useFamilySearch() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseFamilySearch(params), [params]);
  const update = (patch: SearchPatch) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: !('page' in patch) && 'q' in patch },
    );
  const clear = () => setParams(new URLSearchParams());
  return { query, update, clear };
}
