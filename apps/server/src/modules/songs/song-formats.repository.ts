import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { OnDemandFormat } from '@hfm/shared';
import type { Database } from '../../platform/db/client.js';
import { songFormats } from '../../platform/db/schema/catalogue.js';

export type SongFormatRow = typeof songFormats.$inferSelect;

export async function findSongFormat(
  db: Database,
  songId: string,
  format: OnDemandFormat,
): Promise<SongFormatRow | null> {
  const [row] = await db
    .select()
    .from(songFormats)
    .where(and(eq(songFormats.songId, songId), eq(songFormats.format, format)))
    .limit(1);
  return row ?? null;
}

export async function findSongFormats(db: Database, songIds: string[]): Promise<SongFormatRow[]> {
  if (songIds.length === 0) return [];
  return db.select().from(songFormats).where(inArray(songFormats.songId, songIds));
}

/**
 * The row of a format about to be made: true when this call made it (it alone then sends the job); false
 * when another request did first (the unique key on song and format decides, on both databases).
 */
export async function claimSongFormat(db: Database, songId: string, format: OnDemandFormat): Promise<boolean> {
  const rows = await db
    .insert(songFormats)
    .values({ songId, format, state: 'preparing' })
    .onConflictDoNothing({ target: [songFormats.songId, songFormats.format] })
    .returning({ id: songFormats.id });
  return rows.length === 1;
}

/** A failed format asked for again after `olderThan`: true when this call took it back to preparing. */
export async function reclaimFailedSongFormat(
  db: Database,
  songId: string,
  format: OnDemandFormat,
  olderThan: Date,
): Promise<boolean> {
  const rows = await db
    .update(songFormats)
    .set({ state: 'preparing', failureReason: null, updatedAt: new Date() })
    .where(
      and(
        eq(songFormats.songId, songId),
        eq(songFormats.format, format),
        eq(songFormats.state, 'failed'),
        lt(songFormats.updatedAt, olderThan),
      ),
    )
    .returning({ id: songFormats.id });
  return rows.length === 1;
}

/** The file is stored: ready, with its key and size. False when the row went (the song was deleted). */
export async function markSongFormatReady(
  db: Database,
  songId: string,
  format: OnDemandFormat,
  file: { storageKey: string; bytes: number },
): Promise<boolean> {
  const rows = await db
    .update(songFormats)
    .set({ state: 'ready', storageKey: file.storageKey, bytes: file.bytes, failureReason: null, updatedAt: new Date() })
    .where(and(eq(songFormats.songId, songId), eq(songFormats.format, format), eq(songFormats.state, 'preparing')))
    .returning({ id: songFormats.id });
  return rows.length === 1;
}

export async function markSongFormatFailed(
  db: Database,
  songId: string,
  format: OnDemandFormat,
  reason: string,
): Promise<void> {
  await db
    .update(songFormats)
    .set({ state: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(songFormats.songId, songId), eq(songFormats.format, format), eq(songFormats.state, 'preparing')));
}

/** A song's made formats are stale (its tags or cover changed, or a new upload): made again on request. */
export async function forgetSongFormats(db: Database, songId: string): Promise<string[]> {
  const rows = await db
    .delete(songFormats)
    .where(eq(songFormats.songId, songId))
    .returning({ storageKey: songFormats.storageKey });
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}
