/**
 * Scheduled releases (docs/releases.md): a song's release_at is the minute it drops for everyone, previews
 * included (modules/access/released.ts decides). A song already out is never scheduled back into hiding.
 */
import { releaseMessages, type UpdateSongBody } from '@hfm/shared';
import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { songs } from '../../platform/db/schema/catalogue.js';
import { badRequest } from '../../errors/app-error.js';
import { songIsOut } from '../access/index.js';

/** The minute of a release time (seconds dropped: a release drops at a whole minute). */
export function releaseMinute(iso: string): Date {
  const at = new Date(iso);
  at.setUTCSeconds(0, 0);
  return at;
}

/** The UTC day of a release minute, as release_date stores it. */
export const releaseDay = (at: Date) => at.toISOString().slice(0, 10);

/** How many of these songs fans can hear now (out: ready, active, release come). */
export async function countSongsOut(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(songs)
    .where(and(inArray(songs.id, ids), songIsOut()));
  return row?.n ?? 0;
}

/** Whether the values would leave the song's release in the future (a scheduled time, or a day to come). */
function wouldHide(values: { releaseAt?: Date | null; releaseDate?: string | null }, now = new Date()): boolean {
  if (values.releaseAt) return values.releaseAt.getTime() > now.getTime();
  if (values.releaseDate === undefined || values.releaseDate === null) return false;
  return values.releaseDate > now.toISOString().slice(0, 10);
}

/**
 * The release columns an edit sets: `releaseAt` (with its UTC day as the release date) or, given only a
 * release date, that date with no schedule. Refuses (400) to hide a song that is out.
 */
export async function releaseValues(
  db: Database,
  body: Pick<UpdateSongBody, 'releaseAt' | 'releaseDate'>,
  isoReleaseDate: string | undefined,
  songIdIfExisting: string | undefined,
  message: string = releaseMessages.alreadyOut,
): Promise<{ releaseAt?: Date | null; releaseDate?: string }> {
  const values: { releaseAt?: Date | null; releaseDate?: string } = {};
  if (body.releaseAt) {
    const at = releaseMinute(body.releaseAt);
    values.releaseAt = at;
    values.releaseDate = releaseDay(at);
  } else if (body.releaseAt === null || isoReleaseDate !== undefined) {
    values.releaseAt = null;
    if (isoReleaseDate !== undefined) values.releaseDate = isoReleaseDate;
  }
  if (songIdIfExisting && wouldHide(values) && (await countSongsOut(db, [songIdIfExisting])) > 0) {
    throw badRequest(message, { releaseAt: message });
  }
  return values;
}

/**
 * Schedules (or unschedules, `at` null) every song given, for an album: refused when any of them is out and
 * the minute is still to come.
 */
export async function scheduleSongs(db: Database, ids: string[], at: Date | null): Promise<void> {
  if (ids.length === 0) return;
  if (at && at.getTime() > Date.now() && (await countSongsOut(db, ids)) > 0) {
    throw badRequest(releaseMessages.albumAlreadyOut, { releaseAt: releaseMessages.albumAlreadyOut });
  }
  await db
    .update(songs)
    .set(
      at
        ? { releaseAt: at, releaseDate: releaseDay(at), updatedAt: new Date() }
        : { releaseAt: null, updatedAt: new Date() },
    )
    .where(inArray(songs.id, ids));
}
