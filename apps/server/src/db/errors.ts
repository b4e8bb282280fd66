/**
 * True when PostgreSQL refused a write for a unique index (SQLSTATE 23505), optionally a given
 * one. Both drivers report the code on the error or its cause.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (current.code === '23505') return constraint ? current.constraint === constraint : true;
    current = current.cause as typeof current;
  }
  return false;
}
