import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export interface SchemaResolverOptions<V extends FieldValues> {
  /** Turns the fields into the body (e.g. a picker's text into a course id). */
  toBody?: (values: V) => unknown;
  /** The field an issue of the body's key belongs to (the same key by default). */
  fieldOf?: (key: string) => keyof V | undefined;
  /**
   * Fields that must be chosen, with what to say when one is empty: the body's own message is
   * about a wrong value ("This course was not found"), not a missing one.
   */
  required?: Partial<Record<keyof V, string>> | ((values: V) => Partial<Record<keyof V, string>>);
}

const isEmpty = (value: unknown) => value === '' || value === null || value === undefined;

/**
 * A form resolver that checks the route's own body schema: each issue goes to the field it
 * names, and an issue no field holds keeps the form invalid. The form keeps its own values; the
 * submit handler builds the body again.
 */
export function schemaResolver<V extends FieldValues>(
  schema: z.ZodType,
  {
    toBody = (values) => values,
    fieldOf = (key) => key as keyof V,
    required = {},
  }: SchemaResolverOptions<V> = {},
): Resolver<V> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const needed = typeof required === 'function' ? required(values) : required;
    for (const [field, message] of Object.entries(needed) as [string, string][])
      if (isEmpty(values[field])) errors[field] = { type: 'required', message };
    const result = schema.safeParse(toBody(values));
    if (!result.success)
      for (const issue of result.error.issues) {
        const field = issue.path[0] === undefined ? undefined : fieldOf(String(issue.path[0]));
        const key = field === undefined ? 'root' : String(field);
        errors[key] ??= { type: 'validation', message: issue.message };
      }
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<V> }
      : { values, errors: {} };
  };
}
