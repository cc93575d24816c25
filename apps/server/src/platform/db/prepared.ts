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

/**
 * A hot statement run inside transactions (a locking read, say), built and prepared once and run on the
 * connection of whatever `db` it is given: the handle, or a transaction of it (a transaction's `db` is a new
 * object each time, so `preparedRead` would build it again in each). The statement built first is copied with
 * the given connection in place of its own: drizzle's prepared queries run on their `client`, which a
 * transaction's session holds (node-postgres: the pool's client it checked out; PGlite: its transaction).
 * On PostgreSQL the statement is parsed and planned once per connection, under `name`.
 */
export function preparedStatement<Prepared extends object>(
  build: (db: Database, name: string) => Prepared,
  name: string,
) {
  // One built statement per driver (a process may open PGlite and PostgreSQL both: tests, benches).
  const builtByDriver = new Map<unknown, Prepared>();
  const byClient = new WeakMap<object, Prepared>();
  return (db: Database): Prepared => {
    const session = (db as unknown as { _: { session: { client: object } } })._.session;
    const client = session.client;
    let prepared = byClient.get(client);
    if (prepared === undefined) {
      let built = builtByDriver.get(session.constructor);
      if (built === undefined) {
        built = build(db, name);
        builtByDriver.set(session.constructor, built);
      }
      prepared = Object.assign(Object.create(Object.getPrototypeOf(built) as object) as Prepared, built, { client });
      byClient.set(client, prepared);
    }
    return prepared;
  };
}
