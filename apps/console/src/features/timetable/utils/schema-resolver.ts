import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form resolver that checks the route's own body schema: `toBody` turns the fields into the
 * body (e.g. a picker's text into a course id), and each issue goes to the field it names
 * (`fieldOf`, the body's key by default); an issue no field holds keeps the form invalid. The
 * form keeps its own values; the submit handler builds the body again.
 */
export function schemaResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: V) => unknown = (values) => values,
  fieldOf: (key: string) => keyof V | undefined = (key) => key as keyof V,
): Resolver<V> {
  return (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] === undefined ? undefined : fieldOf(String(issue.path[0]));
      const key = field === undefined ? 'root' : String(field);
      errors[key] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
