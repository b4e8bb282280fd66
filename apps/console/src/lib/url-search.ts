import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** A change of a screen's URL: a value, or undefined / '' to leave the parameter out. */
export type SearchPatch<Input> = { [K in keyof Input]?: string | number | undefined };

/**
 * The search as the address holds it, through the route's own query schema (its defaults for
 * what is missing). A hand-edited address that does not parse loses only the parameters at fault.
 */
export function parseUrlSearch<S extends z.ZodType>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const raw = Object.fromEntries(params);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = schema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))),
  );
  return kept.success ? kept.data : schema.parse({});
}

/**
 * A screen's filters and page live in the URL (STYLE.md), so a search can be shared, reloaded
 * and walked back: `query` parsed by `schema`, `update(patch)` (any change but a page change goes
 * back to page 1), `clear()`. A patch for which `replaces(patch)` holds replaces the history
 * entry instead of adding one (e.g. typing).
 */
export function useUrlSearch<S extends z.ZodType>(
  schema: S,
  replaces: (patch: SearchPatch<z.input<S>>) => boolean = () => false,
) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseUrlSearch(schema, params), [schema, params]);
  const update = (patch: SearchPatch<z.input<S>>) =>
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
      { replace: replaces(patch) },
    );
  const clear = () => setParams(new URLSearchParams());
  return { query, update, clear };
}
