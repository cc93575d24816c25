/** Rate limits (docs/decisions/0026): the hits every API process counts together. */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per limited key (a route and a client address, or a route and an account) while its window
 * runs. The key is a SHA-256, so no address or email is kept. A hit after `expires_at` starts a new
 * window in the same row; rows whose window is over are swept by the writers.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);
