import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.js';

/**
 * A migrated database without the app: in-memory PGlite, or a fresh schema on the PostgreSQL server named
 * by TEST_DATABASE_URL (dropped on close). For platform tests that need tables but no HTTP.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const schemaName = url ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ url, schemaName, poolSize: 4 });
  await database.migrate();
  if (!url || !schemaName) return database;
  return {
    ...database,
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schemaName}" cascade`);
      await client.end();
    },
  };
}
