import type { Database } from '../../platform/db/client.js';
import { lockArtistCounters, setArtistHiFives } from './artists.repository.js';

/**
 * The artist's Hi Five count, kept by engagement inside its own transaction (passed as `db`); the artists
 * module still does every write to an artist row (docs/decisions/0011-plays.md).
 */

/**
 * Takes the artist's counter lock until the transaction ends: every Hi Five change on any of the artist's
 * songs takes its turn here, so each reads the counts the previous one left. False when the artist is gone.
 */
export function lockArtistHiFives(db: Database, artistId: string): Promise<boolean> {
  return lockArtistCounters(db, artistId);
}

export function setArtistHiFiveCount(db: Database, artistId: string, count: number): Promise<void> {
  return setArtistHiFives(db, artistId, count);
}
