import type { Database } from './client.js';

/**
 * A hot read built once per database handle and prepared under a name, then executed with placeholders
 * (`sql.placeholder`): a request skips drizzle's query building, and PostgreSQL parses and plans the
 * statement once per connection instead of on every call. `name` must be unique among prepared statements.
 */
export function preparedRead<Prepared>(build: (db: Database, name: string) => Prepared, name: string) {
  const byDatabase = new WeakMap<Database, Prepared>();
  return (db: Database): Prepared => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db, name);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
