import crypto from 'node:crypto';
import { artistSlug } from '@hfm/shared';
import type { ArtistSort, SortOrder } from '@hfm/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  max,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { jsonList } from '../../platform/db/json-list.js';
import { preparedRead } from '../../platform/db/prepared.js';
import { artistPhotos, artists } from '../../platform/db/schema/artists.js';

export type ArtistRow = typeof artists.$inferSelect;
export type NewArtistRow = typeof artists.$inferInsert;
export type ArtistPatch = Partial<Omit<NewArtistRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>>;

/**
 * Inserts the artist with a unique slug made from its name: the plain slug when it is free, else the slug
 * with a short random suffix. The address is set once, so links shared before a rename keep working.
 * Two sign-ups racing for one slug: the loser retries in a savepoint with a suffix.
 */
export async function insertArtist(db: Database, values: Omit<NewArtistRow, 'slug'>): Promise<ArtistRow> {
  const base = artistSlug(values.name);
  for (let attempt = 0; ; attempt += 1) {
    const slug =
      attempt === 0 && !(await isSlugTaken(db, base)) ? base : `${base}-${crypto.randomBytes(3).toString('hex')}`;
    try {
      const [row] = await db.transaction((tx) =>
        tx
          .insert(artists)
          .values({ ...values, slug })
          .returning(),
      );
      return row!;
    } catch (error) {
      if (attempt >= 3 || !isSlugConflict(error)) throw error;
    }
  }
}

async function isSlugTaken(db: Database, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: artists.id }).from(artists).where(eq(artists.slug, slug)).limit(1);
  return row !== undefined;
}

const isSlugConflict = (error: unknown) => isUniqueViolation(error, 'artists_slug_key');

export async function findArtistRowBySlug(db: Database, slug: string): Promise<ArtistRow | null> {
  const [row] = await db.select().from(artists).where(eq(artists.slug, slug)).limit(1);
  return row ?? null;
}

export async function findArtistRowByUserId(db: Database, userId: string): Promise<ArtistRow | null> {
  const [row] = await db.select().from(artists).where(eq(artists.userId, userId)).limit(1);
  return row ?? null;
}

export async function findArtistRowById(db: Database, id: string): Promise<ArtistRow | null> {
  const [row] = await db.select().from(artists).where(eq(artists.id, id)).limit(1);
  return row ?? null;
}

/** The row, locked until the transaction ends (photo uploads count and insert under this lock). */
export async function lockArtistRow(db: Database, id: string): Promise<ArtistRow | null> {
  const [row] = await db.select().from(artists).where(eq(artists.id, id)).for('update');
  return row ?? null;
}

/** Every change stamps updatedAt, which also moves the banner path's timestamp query. */
export async function updateArtistRow(db: Database, id: string, patch: ArtistPatch): Promise<ArtistRow | null> {
  const [row] = await db
    .update(artists)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(artists.id, id))
    .returning();
  return row ?? null;
}

export interface ArtistListFilter {
  status?: string;
  tier?: string;
  isSearchable?: boolean;
  /** A LIKE pattern the name matches in any case, or else the account is one of `userIds`. */
  search?: { pattern: string; userIds: SQLWrapper };
}

export interface ArtistListOrder {
  sort: ArtistSort;
  order: SortOrder;
}

/** The sum of the artist's scores (its totalScore), in SQL so a list can be sorted by it. */
const totalScoreSql = sql<number>`coalesce((select sum((entry->>'score')::int) from jsonb_array_elements(${artists.scoreMatrix}) as entry), 0)`;

const SORT_COLUMNS: Record<ArtistSort, SQLWrapper> = {
  createdAt: artists.createdAt,
  totalScore: totalScoreSql,
  name: sql`lower(${artists.name})`,
};

/** One page of artists in the order asked (newest first unless told), and how many match in all. */
export async function listArtistRows(
  db: Database,
  filter: ArtistListFilter,
  page: { offset: number; limit: number },
  order: ArtistListOrder = { sort: 'createdAt', order: 'desc' },
): Promise<{ rows: ArtistRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(artists.status, filter.status));
  if (filter.tier) conditions.push(eq(artists.tier, filter.tier));
  if (filter.isSearchable !== undefined) conditions.push(eq(artists.isSearchable, filter.isSearchable));
  if (filter.search) {
    conditions.push(or(ilike(artists.name, filter.search.pattern), inArray(artists.userId, filter.search.userIds))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = order.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(artists)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[order.sort]), desc(artists.createdAt), asc(artists.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(artists).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** What everyone but admins lists: ACTIVE, searchable artists. */
const publiclyListed = and(eq(artists.status, 'ACTIVE'), eq(artists.isSearchable, true));

/**
 * The artist's photo keys in their order (as loadPhotoKeys reads them), in the same statement as the artist.
 * Built by drizzle so that `artist_id = artists.id` names its tables (a one-table select's list would not).
 */
function photoKeysOfArtist(db: Database) {
  return jsonList(
    sql`${db
      .select({
        keys: sql`json_agg(${artistPhotos.path} order by ${artistPhotos.position}, ${artistPhotos.createdAt})`,
      })
      .from(artistPhotos)
      .where(eq(artistPhotos.artistId, artists.id))}`,
  );
}

const publicArtistPage = preparedRead(
  (db, name) =>
    db
      .select({ ...getTableColumns(artists), photoKeys: photoKeysOfArtist(db) })
      .from(artists)
      .where(publiclyListed)
      .orderBy(desc(artists.createdAt), asc(artists.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  'artists_public_page',
);

const publicArtistCount = preparedRead(
  (db, name) => db.select({ total: count() }).from(artists).where(publiclyListed).prepare(name),
  'artists_public_count',
);

export type ListedArtistRow = ArtistRow & { photoKeys: string[] };

/**
 * The public artists list (`GET /api/artists` for everyone but admins): one page of ACTIVE, searchable
 * artists, newest first, each with its photo keys, and how many there are; prepared statements, as
 * listArtistRows with that filter and order would build them on every request.
 */
export async function listPublicArtistRows(
  db: Database,
  page: { offset: number; limit: number },
): Promise<{ rows: ListedArtistRow[]; total: number }> {
  const rows = await publicArtistPage(db).execute(page);
  const [counted] = await publicArtistCount(db).execute();
  return { rows, total: counted?.total ?? 0 };
}

export async function findUserIdOfArtist(db: Database, artistId: string): Promise<string | null> {
  const [row] = await db.select({ userId: artists.userId }).from(artists).where(eq(artists.id, artistId)).limit(1);
  return row?.userId ?? null;
}

/** Photo storage keys of the given artists, in their order, keyed by artist id. */
export async function loadPhotoKeys(db: Database, artistIds: string[]): Promise<Map<string, string[]>> {
  const photos = new Map<string, string[]>(artistIds.map((id) => [id, []]));
  if (artistIds.length === 0) return photos;
  const rows = await db
    .select({ artistId: artistPhotos.artistId, path: artistPhotos.path })
    .from(artistPhotos)
    .where(inArray(artistPhotos.artistId, artistIds))
    .orderBy(asc(artistPhotos.position), asc(artistPhotos.createdAt));
  for (const row of rows) photos.get(row.artistId)?.push(row.path);
  return photos;
}

export async function countPhotos(db: Database, artistId: string): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(artistPhotos).where(eq(artistPhotos.artistId, artistId));
  return counted?.total ?? 0;
}

/** A new photo goes after the artist's others. */
export async function insertPhoto(db: Database, artistId: string, key: string): Promise<void> {
  const [last] = await db
    .select({ position: max(artistPhotos.position) })
    .from(artistPhotos)
    .where(eq(artistPhotos.artistId, artistId));
  const position = last?.position === null || last?.position === undefined ? 0 : last.position + 1;
  await db.insert(artistPhotos).values({ artistId, path: key, position });
}

/** Removes one photo row of this artist; answers whether there was one. */
export async function deletePhotoRow(db: Database, artistId: string, key: string): Promise<boolean> {
  const deleted = await db
    .delete(artistPhotos)
    .where(and(eq(artistPhotos.artistId, artistId), eq(artistPhotos.path, key)))
    .returning({ id: artistPhotos.id });
  return deleted.length > 0;
}

/**
 * Locks the artist's row against other changes of its counters (FOR NO KEY UPDATE: songs and albums may
 * still be added meanwhile); true when the artist exists.
 */
export async function lockArtistCounters(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: artists.id }).from(artists).where(eq(artists.id, id)).for('no key update');
  return rows.length > 0;
}

/** The artist's Hi Five count; leaves updatedAt (and so the banner's cache-busting query) alone. */
export async function setArtistHiFives(db: Database, id: string, hifives: number): Promise<void> {
  await db.update(artists).set({ hifives }).where(eq(artists.id, id));
}
