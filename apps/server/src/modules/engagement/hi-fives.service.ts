import type { HiFiveBody, HiFiveEntry, HiFiveRemoved } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors/app-error.js';
import type { Database } from '../../platform/db/client.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { requireAccess, requireSelf, type Actor } from '../access/index.js';
import { lockArtistHiFives, setArtistHiFiveCount } from '../artists/index.js';
import { findSongArtistId, findSongArtistIds, setSongHiFiveCount, totalSongHiFivesOfArtist } from '../songs/index.js';
import { deleteEventsOfMember } from './events.repository.js';
import { presentHiFive } from './engagement.presenter.js';
import {
  countHiFivesOfItem,
  deleteHiFiveRow,
  deleteHiFivesOfUser,
  findHiFive,
  findHiFiveById,
  insertHiFive,
  listHiFivedSongIds,
} from './hi-fives.repository.js';

const NO_SUCH_SONG = 'No such song.';
const NO_SUCH_HI_FIVE = 'No such Hi Five.';

/**
 * Sets the song's and its artist's hifives from the entries, under the artist's counter lock the caller
 * took first: every Hi Five change of the artist's songs waits its turn, so each counts what the one
 * before it committed and the counts always equal the entries (docs/decisions/0011-plays.md).
 */
async function recount(tx: Database, songId: string, artistId: string): Promise<number> {
  const songCount = await countHiFivesOfItem(tx, songId);
  await setSongHiFiveCount(tx, songId, songCount);
  await setArtistHiFiveCount(tx, artistId, await totalSongHiFivesOfArtist(tx, artistId));
  return songCount;
}

/** The song's artist, with that artist's counter lock taken; 404 when the song (or artist) is gone. */
async function lockCountersOfSong(tx: Database, songId: string): Promise<string> {
  const artistId = await findSongArtistId(tx, songId);
  if (!artistId || !(await lockArtistHiFives(tx, artistId))) throw notFound(NO_SUCH_SONG);
  return artistId;
}

/**
 * A member's Hi Five for a song they may see: once per member and song. `created` is false when the
 * member had given it already (the existing entry is answered, nothing changes).
 */
export async function giveHiFive(
  ctx: AppContext,
  actor: Actor,
  body: HiFiveBody,
): Promise<{ entry: HiFiveEntry; created: boolean }> {
  const member = requireSelf(actor, body.memberID);
  const songId = body.itemID.toLowerCase();
  await requireAccess(ctx, member, 'song.view', [songId]);
  return transactionWithRetry(ctx.db, async (tx) => {
    const artistId = await lockCountersOfSong(tx, songId);
    const inserted = await insertHiFive(tx, member.id, songId);
    const row = inserted ?? (await findHiFive(tx, member.id, songId));
    if (!row) throw new Error('A Hi Five that conflicted is not there.');
    const hifives = inserted ? await recount(tx, songId, artistId) : await countHiFivesOfItem(tx, songId);
    return { entry: presentHiFive(row, hifives), created: inserted !== null };
  });
}

/** Takes a Hi Five back: the member who gave it, or an admin; to anyone else it does not exist (404). */
export async function takeBackHiFive(ctx: AppContext, actor: Actor, entryId: string): Promise<HiFiveRemoved> {
  const id = entryId.toLowerCase();
  await requireAccess(ctx, actor, 'hiFive.manage', [id]);
  const entry = await findHiFiveById(ctx.db, id);
  if (!entry) throw notFound(NO_SUCH_HI_FIVE);
  return transactionWithRetry(ctx.db, async (tx) => {
    const artistId = await findSongArtistId(tx, entry.itemId);
    const locked = artistId !== null && (await lockArtistHiFives(tx, artistId));
    const deleted = await deleteHiFiveRow(tx, id);
    if (!deleted) throw notFound(NO_SUCH_HI_FIVE);
    // An entry for a song deleted since has no counts left to keep.
    const hifives = locked ? await recount(tx, entry.itemId, artistId) : 0;
    return { id, deleted: true as const, itemID: entry.itemId, hifives };
  });
}

/** Takes each artist's counter lock, in id order (docs/decisions/0009), so two such runs cannot deadlock. */
async function lockArtistsInOrder(tx: Database, artistIds: Iterable<string>): Promise<void> {
  for (const artistId of [...new Set(artistIds)].sort()) await lockArtistHiFives(tx, artistId);
}

/**
 * Engagement's part of deleting a member's account (docs/decisions/0014-deleting-an-account.md), inside
 * the deletion's transaction: the member's Hi Fives go and the counts of those songs and their artists are
 * set again from the entries that remain, under the artists' counter locks (docs/decisions/0011), so the
 * counts still equal the entries; their listen and favorite events and listen-window claims go too. Songs'
 * `plays` stay: a play that counted is the artist's history, not the member's data.
 */
export async function forgetEngagementOfDeletedMember(
  tx: Database,
  memberId: string,
): Promise<{ hiFivesRemoved: number; eventsRemoved: number }> {
  const artistOfSong = await findSongArtistIds(tx, await listHiFivedSongIds(tx, memberId));
  await lockArtistsInOrder(tx, artistOfSong.values());
  const removedSongs = new Set(await deleteHiFivesOfUser(tx, memberId));
  // A Hi Five given while this ran, on a song not seen above: its artist is locked now (a rare deadlock is retried).
  const late = [...removedSongs].filter((songId) => !artistOfSong.has(songId));
  if (late.length > 0) {
    const lateArtists = await findSongArtistIds(tx, late);
    await lockArtistsInOrder(tx, lateArtists.values());
    for (const [songId, artistId] of lateArtists) artistOfSong.set(songId, artistId);
  }
  const artists = new Set<string>();
  for (const songId of removedSongs) {
    const artistId = artistOfSong.get(songId);
    if (!artistId) continue; // the song is gone: no count left to keep
    await setSongHiFiveCount(tx, songId, await countHiFivesOfItem(tx, songId));
    artists.add(artistId);
  }
  for (const artistId of artists) {
    await setArtistHiFiveCount(tx, artistId, await totalSongHiFivesOfArtist(tx, artistId));
  }
  const eventsRemoved = await deleteEventsOfMember(tx, memberId);
  return { hiFivesRemoved: removedSongs.size, eventsRemoved };
}
