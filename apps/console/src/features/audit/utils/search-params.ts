import { AuditQuerySchema, type AuditQuery, type AuditQueryInput } from '@portal/shared/staff';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A change of the log's URL: a value, or undefined / '' to leave the parameter out. */
export type AuditPatch = { [K in keyof AuditQueryInput]?: string | number | undefined };

/** The filters as the address holds them; a parameter that does not parse is left out. */
export function parseAuditSearch(params: URLSearchParams): AuditQuery {
  const raw = Object.fromEntries(params);
  const parsed = AuditQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = AuditQuerySchema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))),
  );
  return kept.success ? kept.data : AuditQuerySchema.parse({});
}

/** The log's filters and page live in the URL; any change but a page change goes to page 1. */
export function useAuditSearch() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseAuditSearch(params), [params]);
  const update = (patch: AuditPatch) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in patch)) next.delete('page');
      return next;
    });
  const clear = () => setParams(new URLSearchParams());
  return { query, update, clear };
}
