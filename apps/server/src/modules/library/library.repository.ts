import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { artistPicture } from '../artists/index.js';
import { catalogueSongColumns } from '../discovery/index.js';
import type { Database } from '../../platform/db/client.js';
import { artists } from '../../platform/db/schema/artists.js';
import { albums, albumSongs, songs } from '../../platform/db/schema/catalogue.js';
import { songDownloads } from '../../platform/db/schema/library.js';
import { curatedSongColumns, releasedSong } from '../access/index.js';

/**
 * The library: download records (written once each, never changed) and My Music, a read model over them
 * and the catalogue (each list one statement, bounded by the page).
 */

export type DownloadFormatName = 'flac' | 'mp3' | 'wav';

export interface NewDownload {
  memberId: string;
  songId: string;
  format: DownloadFormatName;
  kept: boolean;
}

export async function insertDownloads(db: Database, rows: NewDownload[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(songDownloads).values(rows);
}

/** Forgets every download of a member (their account is being deleted). */
export async function deleteDownloadsOfMember(db: Database, memberId: string): Promise<void> {
  await db.delete(songDownloads).where(eq(songDownloads.memberId, memberId));
}

/** The member's songs kept (downloaded at least once while subscribed), one row each. */
function keptSongs(db: Database, memberId: string) {
  return db
    .select({
      songId: songDownloads.songId,
      lastDownloadedAt: sql<Date | string>`max(${songDownloads.downloadedAt})`.as('last_downloaded_at'),
      formats: sql<string[]>`array_agg(distinct ${songDownloads.format})`.as('formats'),
    })
    .from(songDownloads)
    .where(eq(songDownloads.memberId, memberId))
    .groupBy(songDownloads.songId)
    .having(sql`bool_or(${songDownloads.kept})`)
    .as('kept_songs');
}

export async function countKeptSongs(db: Database, memberId: string): Promise<number> {
  const kept = keptSongs(db, memberId);
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(kept);
  return Number(row?.total ?? 0);
}

export async function listKeptSongIds(db: Database, memberId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ songId: songDownloads.songId })
    .from(songDownloads)
    .where(and(eq(songDownloads.memberId, memberId), eq(songDownloads.kept, true)))
    .orderBy(asc(songDownloads.songId));
  return rows.map((row) => row.songId);
}

/** The first album holding the song (oldest album first), as one JSON object or null. */
function firstAlbum(): SQL<{ id: string; name: string; artworkKey: string | null } | null> {
  return sql`(select json_build_object('id', ${albums.id}, 'name', ${albums.name}, 'artworkKey', ${albums.artworkKey})
    from ${albumSongs} inner join ${albums} on ${albums.id} = ${albumSongs.albumId}
    where ${albumSongs.songId} = ${songs.id}
    order by ${albums.createdAt}, ${albums.id} limit 1)`;
}

/** One page of My Music: newest download first. */
export async function listKeptSongs(db: Database, memberId: string, limit: number, offset: number) {
  const kept = keptSongs(db, memberId);
  return db
    .select({
      ...catalogueSongColumns,
      ...curatedSongColumns(),
      album: firstAlbum(),
      photo: artistPicture,
      formats: kept.formats,
      lastDownloadedAt: kept.lastDownloadedAt,
      inCatalogue: sql<boolean>`(${releasedSong()})`,
    })
    .from(kept)
    .innerJoin(songs, eq(songs.id, kept.songId))
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .orderBy(desc(kept.lastDownloadedAt), asc(songs.id))
    .limit(limit)
    .offset(offset);
}

export type KeptSongRow = Awaited<ReturnType<typeof listKeptSongs>>[number];
