/** PostgreSQL's unique_violation: the SQLSTATE a duplicate key answers with. */
export const UNIQUE_VIOLATION = '23505';

type DatabaseError = { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;

/**
 * PostgreSQL's unique_violation, found on the error or any error it wraps (drizzle wraps the driver's);
 * with a constraint, only a violation of that constraint (an index's or a key's name) counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as DatabaseError; e; e = e.cause as DatabaseError) {
    if (e.code === UNIQUE_VIOLATION && (constraint === undefined || e.constraint === constraint)) return true;
  }
  return false;
}
