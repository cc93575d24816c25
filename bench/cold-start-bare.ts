/**
 * The bare baseline of `cold-start.bench.ts`, spawned as `node cold-start-bare.ts`: what a cold start of any
 * Fastify server costs that answers the same public endpoint from the same database. It loads Fastify and the
 * database client (pg with a pool of the app's size when DATABASE_URL is set, else PGlite with pg_trgm on the
 * app's DATA_DIR/db/pg, as the app opens it), registers `GET /api/genres` running the app's statement and
 * answering the same JSON (the same rows, the same bytes), and listens. No migrations check, no job queue, no
 * sessions, no other routes, no OpenAPI, no logger: the floor under our start.
 */
import path from 'node:path';

/** The statement drizzle sends for `listGenreRows` (genres.repository.ts). */
const LIST_GENRES = `select "id", "label", "artwork", "created_at", "updated_at" from "genres"
  order by lower("genres"."label") asc, "genres"."label" asc`;

interface GenreRow {
  id: string;
  label: string;
  artwork: string | null;
}

type Query = (text: string) => Promise<GenreRow[]>;

async function openDatabase(): Promise<{ query: Query; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (text) => (await pool.query<GenreRow>(text)).rows, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(process.env.DATA_DIR!, 'db', 'pg'), { extensions: { pg_trgm } });
  return { query: async (text) => (await db.query<GenreRow>(text)).rows, close: () => db.close() };
}

const { default: Fastify } = await import('fastify');
const database = await openDatabase();
const app = Fastify({ logger: false });
// The genres the bench reads have no artwork; the app would show a stored key as its /media path.
app.get('/api/genres', async () =>
  (await database.query(LIST_GENRES)).map((row) => ({
    _id: row.id,
    id: row.id,
    label: row.label,
    artwork: row.artwork,
  })),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  app
    .close()
    .then(() => database.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
