import type { FieldErrors, FieldValues, ResolverResult } from 'react-hook-form';

/**
 * A form resolver's answer from a schema's issues: the first issue of each field becomes its
 * error (the field named by `fieldOf`, the issue path's first part by default), added to
 * `errors` already found; without any error the values are valid.
 */
export function resolverResult<V extends FieldValues>(
  values: V,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  {
    fieldOf = (key) => key as keyof V,
    errors = {},
  }: { fieldOf?: (key: string) => keyof V | undefined; errors?: FieldErrors<V> } = {},
): ResolverResult<V> {
  for (const issue of issues) {
    const field = issue.path[0] === undefined ? undefined : fieldOf(String(issue.path[0]));
    if (field && !errors[field])
      (errors as Record<keyof V, unknown>)[field] = { type: 'validation', message: issue.message };
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
}
