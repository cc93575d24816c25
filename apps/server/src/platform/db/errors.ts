/** PostgreSQL's unique_violation, found on the error or any error it wraps (drizzle wraps the driver's). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
