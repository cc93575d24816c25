import type { DownloadFormat } from '@hfm/shared';
import { and, asc, desc, eq, sql, type Column, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
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

export type DownloadFormatName = DownloadFormat;

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

/**
 * The insert of one download of the song read earlier in the same statement (`song`, a CTE of one row), made
 * only when `when` holds on it and kept as its `mayKeep` says: a part (a CTE) of the statement that reads the
 * song, checks the download and records it at once (songs.playback.ts, docs/decisions/0065). The member and
 * the format are the statement's values (placeholders of a prepared statement). Answers the id of the record
 * made, if one was.
 */
export function insertDownloadWhen(
  db: Database,
  download: { memberId: Placeholder; format: Placeholder },
  song: WithSubquery & { id: Column; mayKeep: SQL.Aliased<boolean> },
  when: SQL,
) {
  return db
    .insert(songDownloads)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          memberId: sql<string>`${download.memberId}::uuid`.as('member_id'),
          songId: sql<string>`${song.id}`.as('song_id'),
          format: sql<string>`${download.format}::text`.as('format'),
          kept: sql<boolean>`${song.mayKeep}`.as('kept'),
          downloadedAt: sql<Date>`now()`.as('downloaded_at'),
        })
        .from(song)
        .where(when),
    )
    .returning({ id: songDownloads.id });
}

/** A download record made by one statement's insert (insertDownloadWhen). */
export type DownloadRecordInsert = ReturnType<typeof insertDownloadWhen>;

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

export async function countKeptSongs(db: Database, memberId: string, artistId?: string): Promise<number> {
  const kept = keptSongs(db, memberId);
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(kept)
    .innerJoin(songs, eq(songs.id, kept.songId))
    .where(artistId ? eq(songs.artistId, artistId) : undefined);
  return Number(row?.total ?? 0);
}

/** The artists of the member's kept songs, by name, with how many songs of each they keep. */
export async function listKeptArtists(db: Database, memberId: string) {
  const kept = keptSongs(db, memberId);
  return db
    .select({ id: artists.id, name: artists.name, songCount: sql<number>`count(*)::int` })
    .from(kept)
    .innerJoin(songs, eq(songs.id, kept.songId))
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .groupBy(artists.id, artists.name)
    .orderBy(asc(artists.name), asc(artists.id));
}

/** The member's kept songs by one artist, oldest first by title (a zip's order). */
export async function listKeptSongsOfArtist(db: Database, memberId: string, artistId: string) {
  const kept = keptSongs(db, memberId);
  return db
    .select({ songId: songs.id, title: songs.title })
    .from(kept)
    .innerJoin(songs, eq(songs.id, kept.songId))
    .where(eq(songs.artistId, artistId))
    .orderBy(asc(songs.title), asc(songs.id));
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

/** One page of My Music: newest download first (`added`) or by title; of one artist when given. */
export async function listKeptSongs(
  db: Database,
  memberId: string,
  page: { limit: number; offset: number; artistId?: string | undefined; sort: 'added' | 'title' },
) {
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
    .where(page.artistId ? eq(songs.artistId, page.artistId) : undefined)
    .orderBy(
      ...(page.sort === 'title'
        ? [asc(sql`lower(${songs.title})`), asc(songs.id)]
        : [desc(kept.lastDownloadedAt), asc(songs.id)]),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export type KeptSongRow = Awaited<ReturnType<typeof listKeptSongs>>[number];
