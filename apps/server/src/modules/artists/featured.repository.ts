import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { artistPicture } from './artist-picture.js';
import type { Database } from '../../platform/db/client.js';
import { artists } from '../../platform/db/schema/artists.js';
import type { ArtistRow } from './artists.repository.js';

/**
 * The featured order: ACTIVE artists with isFeatured true at featuredPosition 0, 1, ... n-1; everyone
 * else isFeatured false at -1. Every change takes one transaction-scoped advisory lock first, reads the
 * order, and writes the whole new order, so changes run one after another and leave no gaps.
 */

/** Waits for, then holds until the transaction ends, the one lock every change of the featured order takes. */
export async function lockFeaturedOrder(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('hfm.featured-artists'))`);
}

const inFeaturedOrder = () => or(eq(artists.isFeatured, true), sql`${artists.featuredPosition} >= 0`)!;

/**
 * The featured ACTIVE artists in their order. A row left half-featured (flag without a position, or a
 * position without the flag) counts, after the others; the next write puts it right.
 */
export async function listFeaturedRows(db: Database): Promise<ArtistRow[]> {
  return db
    .select()
    .from(artists)
    .where(and(eq(artists.status, 'ACTIVE'), inFeaturedOrder()))
    .orderBy(
      sql`case when ${artists.featuredPosition} >= 0 then 0 else 1 end`,
      asc(artists.featuredPosition),
      asc(artists.createdAt),
      asc(artists.id),
    );
}

/**
 * Writes the order: the given artists featured at 0..n-1, every other artist not featured (-1). Rows
 * already right are left alone. Call it under lockFeaturedOrder.
 */
export async function writeFeaturedOrder(db: Database, ids: readonly string[]): Promise<void> {
  const others: SQL[] = [inFeaturedOrder()];
  if (ids.length > 0) others.push(notInArray(artists.id, [...ids]));
  await db
    .update(artists)
    .set({ isFeatured: false, featuredPosition: -1 })
    .where(and(...others));
  if (ids.length === 0) return;
  const position = sql<number>`(case ${artists.id} ${sql.join(
    ids.map((id, index) => sql`when ${id}::uuid then ${index}::int`),
    sql` `,
  )} end)`;
  await db
    .update(artists)
    .set({ isFeatured: true, featuredPosition: position })
    .where(
      and(
        inArray(artists.id, [...ids]),
        or(eq(artists.isFeatured, false), sql`${artists.featuredPosition} <> ${position}`),
      ),
    );
}

/** Each artist's picture as fans see it (a storage key, or null), by artist id. */
export async function loadArtistPictures(db: Database, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: artists.id, picture: artistPicture })
    .from(artists)
    .where(inArray(artists.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.picture]));
}
