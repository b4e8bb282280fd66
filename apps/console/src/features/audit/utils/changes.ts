/** One changed field of an entry: what it was and what it became (either may be absent). */
export interface ChangeLine {
  field: string;
  hasBefore: boolean;
  hasAfter: boolean;
  before: unknown;
  after: unknown;
}

/**
 * The fields an entry changed, in the order the server wrote them (the after side first, then
 * any field only the before side names). Fields whose values are equal are left out.
 */
export function changeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ChangeLine[] {
  const fields = [...Object.keys(after ?? {}), ...Object.keys(before ?? {})].filter(
    (field, index, all) => all.indexOf(field) === index,
  );
  return fields
    .map((field) => ({
      field,
      hasBefore: before !== null && field in before,
      hasAfter: after !== null && field in after,
      before: before?.[field],
      after: after?.[field],
    }))
    .filter(
      (line) =>
        !(line.hasBefore && line.hasAfter) ||
        JSON.stringify(line.before) !== JSON.stringify(line.after),
    );
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** How a value reads: as a moment, a day, a text or JSON (what the formatter is told to do). */
export type ValueKind = 'empty' | 'boolean' | 'moment' | 'day' | 'number' | 'text' | 'json';

export function kindOf(value: unknown): ValueKind {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') {
    if (ISO_MOMENT.test(value)) return 'moment';
    if (ISO_DAY.test(value)) return 'day';
    return 'text';
  }
  return 'json';
}
