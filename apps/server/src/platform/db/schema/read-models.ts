/**
 * The catalogue's version (platform/read-models, docs/decisions/0059): a statement-level trigger on every table
 * the public read models read adds one to a row here in the writing transaction, so the sum of `version` changes
 * exactly when such a write commits. Several rows (shards) so that concurrent writers rarely wait on each other:
 * a writer takes the first shard no other transaction holds, or adds a row when all are held.
 */
import { bigint, pgTable, serial } from 'drizzle-orm/pg-core';

export const catalogueVersion = pgTable('catalogue_version', {
  shard: serial('shard').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
