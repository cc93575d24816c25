import { Column, entityKind, is, noopDecoder, sql, SQL } from 'drizzle-orm';
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
      prepared = withoutPgliteParsers(build(db, name));
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
    const session = sessionOf(db);
    const client = session.client;
    let prepared = byClient.get(client);
    if (prepared === undefined) {
      let built = builtByDriver.get(session.constructor);
      if (built === undefined) {
        built = withoutPgliteParsers(build(db, name));
        if ((built as { client?: unknown }).client !== client) {
          throw new Error(
            `preparedStatement ${name}: drizzle's prepared query no longer keeps its connection as \`client\`; ` +
              'it cannot be run on a transaction’s connection (see platform/db/prepared.ts)',
          );
        }
        builtByDriver.set(session.constructor, built);
      }
      prepared = Object.assign(Object.create(Object.getPrototypeOf(built) as object) as Prepared, built, { client });
      byClient.set(client, prepared);
    }
    return prepared;
  };
}

/** What `db` runs its statements on: the pool or PGlite instance of a handle, the connection of a transaction. */
export interface Connection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface Session {
  client: Connection & object;
}

/**
 * drizzle's session of `db` (an internal of drizzle, `db._.session`, whose `client` is the connection its
 * statements run on). Throws if drizzle no longer has it, rather than running anything on another connection.
 */
function sessionOf(db: Database): Session {
  const session = (db as unknown as { _?: { session?: Partial<Session> } })._?.session;
  const client = session?.client;
  if (typeof client !== 'object' || client === null || typeof client.query !== 'function') {
    throw new Error(
      "drizzle's database object no longer exposes its connection as `_.session.client` (see platform/db/prepared.ts)",
    );
  }
  return session as Session;
}

/**
 * Runs plain SQL (`$1`, `$2`... placeholders) on the connection of `db`, inside its transaction if it is one,
 * without drizzle building anything; the rows come as the driver parses them.
 */
export async function runOnConnection(db: Database, text: string, values: unknown[] = []): Promise<unknown[]> {
  const result = await sessionOf(db).client.query(text, values);
  return result.rows;
}

/** The types drizzle's PGlite driver asks PGlite to leave as text (timestamps, dates, intervals, their arrays). */
const TEXT_KEPT_TYPES = /^(timestamp|date|interval|time|numeric)/;

/**
 * drizzle's PGlite driver hands every query its own type parsers, and PGlite then copies its whole parser map
 * (300-odd types) into a new object for each query: about 0.2 ms of CPU a statement, the statement's own
 * cost again on a short one. A prepared statement whose columns drizzle reads the same either way (no
 * timestamp without time zone, date, interval or numeric column, no SQL expression) runs with PGlite's own
 * parsers: a timestamp with time zone is then a Date from PGlite (`new Date(text)`, as drizzle does itself).
 * Any other statement, and any on PostgreSQL, is left as it was built.
 */
export function withoutPgliteParsers<Prepared>(prepared: Prepared): Prepared {
  const query = prepared as {
    constructor: { [entityKind]?: string };
    queryConfig?: { parsers?: unknown };
    rawQueryConfig?: { parsers?: unknown };
    fields?: { field: unknown }[];
    customResultMapper?: unknown;
  };
  if (query.constructor[entityKind] !== 'PglitePreparedQuery') return prepared;
  if (query.customResultMapper || !(query.fields ?? []).every(({ field }) => readsTheSameParsed(field)))
    return prepared;
  const { parsers: _queryParsers, ...queryConfig } = query.queryConfig ?? {};
  const { parsers: _rawParsers, ...rawQueryConfig } = query.rawQueryConfig ?? {};
  Object.assign(query, { queryConfig, rawQueryConfig });
  return prepared;
}

function readsTheSameParsed(field: unknown): boolean {
  if (!is(field, Column)) return false;
  const type = field.getSQLType();
  if (!TEXT_KEPT_TYPES.test(type)) return true;
  return field.columnType === 'PgTimestamp' && type.endsWith('with time zone');
}

/** A column's way from the driver's value to ours: a column, or a `sql` expression's decoder. */
type Decoder = { mapFromDriverValue(value: unknown): unknown };
interface SelectedField {
  path: string[];
  field: unknown;
}
/** The parts of drizzle's prepared select its row mapping reads (node-postgres and PGlite alike). */
interface PreparedSelect {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // `decoder` is drizzle's own (internal): the one its mapping reads.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  throw new Error('flatRows: a selected field drizzle maps in a way of its own (a subquery)');
}

/** Decoders that hand the driver's value on as it is (text, booleans, uuids, `sql` without `mapWith`). */
const passesThrough = (decoder: Decoder) =>
  decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue ||
  decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue;

/**
 * A prepared select whose rows are made by a function written once when it is prepared, instead of drizzle's
 * generic mapping, which for every column of every row asks what kind of field it is and walks its path: an
 * object literal of the fields, each through the same decoder drizzle would use (skipped where it hands the
 * value on as it is), so the rows are the objects drizzle would make, keys in the same order. Only for a select
 * of top-level fields (no nested objects, so no joined table nulled as a whole); anything else throws here.
 */
export function flatRows<Prepared extends object>(prepared: Prepared): Prepared {
  const select = prepared as PreparedSelect;
  const fields = select.fields;
  if (!fields || select.customResultMapper) throw new Error('flatRows: not a prepared select');
  if (fields.some((entry) => entry.path.length !== 1)) throw new Error('flatRows: a nested field');
  const decoders = fields.map((entry) => decoderOf(entry.field));
  const properties = fields.map((entry, index) => {
    const value = `row[${index}]`;
    const decoded = passesThrough(decoders[index]!)
      ? value
      : `(${value} === null ? null : decoders[${index}].mapFromDriverValue(${value}))`;
    return `${JSON.stringify(entry.path[0])}: ${decoded}`;
  });
  // The keys are the select's own, written by us; never anything a request sends.
  const mapRow = new Function('decoders', `return (row) => ({ ${properties.join(', ')} });`)(decoders) as (
    row: unknown[],
  ) => unknown;
  select.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}

/**
 * An insert's values as named placeholders, one per column: the placeholder is the column's key followed by
 * `suffix` (a row's number, when one statement inserts several rows).
 */
export function placeholderValues<Row>(columns: readonly string[], suffix = ''): Row {
  return Object.fromEntries(
    columns.map((column) => [column, sql`${sql.placeholder(`${column}${suffix}`)}`]),
  ) as unknown as Row;
}
