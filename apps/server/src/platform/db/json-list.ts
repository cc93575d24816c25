import { sql, type SQL } from 'drizzle-orm';

/** A JSON array from a correlated subquery, `[]` when it has no rows. */
export function jsonList(subquery: SQL): SQL<string[]> {
  return sql<string[]>`coalesce((${subquery}), '[]'::json)`;
}
