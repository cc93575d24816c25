import type { Database } from '../../platform/db/client.js';
import {
  findArtistIdOfSong,
  findArtistIdsOfSongs,
  incrementSongPlays,
  setSongHiFives,
  sumSongHiFivesOfArtist,
} from './songs.repository.js';

/**
 * The counters engagement keeps on songs (plays, hifives). Engagement decides when they change, inside its
 * own transaction, and passes that transaction as `db`; the songs module still does every write to a
 * song row (docs/decisions/0011-plays.md). The caller has checked access already.
 */

/** The song's artist, or null when the song is gone. */
export function findSongArtistId(db: Database, songId: string): Promise<string | null> {
  return findArtistIdOfSong(db, songId);
}

/** Each existing song's artist, keyed by song id. */
export function findSongArtistIds(db: Database, songIds: string[]): Promise<Map<string, string>> {
  return findArtistIdsOfSongs(db, songIds);
}

/** A listen that counted. */
export function addSongPlay(db: Database, songId: string): Promise<void> {
  return incrementSongPlays(db, songId);
}

/** The song's Hi Five count, as engagement counted its entries. */
export function setSongHiFiveCount(db: Database, songId: string, count: number): Promise<void> {
  return setSongHiFives(db, songId, count);
}

/** The Hi Fives of all the artist's songs together: what the artist's own count must equal. */
export function totalSongHiFivesOfArtist(db: Database, artistId: string): Promise<number> {
  return sumSongHiFivesOfArtist(db, artistId);
}
