import { HFM_PICKS_SONGS, MAX_PLAYLIST_SONGS, playlistFieldMessages, type CreatePlaylistBody } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors/app-error.js';
import { findGenre } from '../genres/index.js';
import { findSongFacts, labelExists, type SongFacts } from './playlists.repository.js';

/**
 * The rules a playlist's songs and references keep (docs/decisions/0022): songs added must exist and be
 * ready; no song twice; at most MAX_PLAYLIST_SONGS; an HFM Radio or HFM Picks playlist holds only songs of
 * artists who opted in (hfmPicksOptIn), and an HFM Picks playlist at most five, one per artist.
 */

export interface CurationFlags {
  isHFMRadio: boolean;
  isHFMPicks: boolean;
}

const quoted = (song: SongFacts) => `'${song.title}' by ${song.artistName}`;
const songsError = (message: string) => badRequest(message, { songs: message });

export const notOptedIn = (song: SongFacts, flags: CurationFlags) =>
  `${quoted(song)} cannot be on ${flags.isHFMRadio ? 'HFM Radio' : 'HFM Picks'}: the artist has not opted in.`;

/** Lower-case ids, no duplicates, not too many (400 otherwise). */
export function normaliseSongIds(songIds: readonly string[]): string[] {
  const ids = songIds.map((id) => id.toLowerCase());
  if (new Set(ids).size !== ids.length) throw songsError(playlistFieldMessages.duplicateSong);
  if (ids.length > MAX_PLAYLIST_SONGS) throw songsError(playlistFieldMessages.tooManySongs);
  return ids;
}

export interface ListChange {
  /** Songs new to the list: they must exist and be ready (and be of opted-in artists on a curated list). */
  added: ReadonlySet<string>;
  /** The HFM Radio or HFM Picks flag was off and is now on: every song must be of an opted-in artist. */
  flagsTurnedOn: boolean;
}

/**
 * Checks the playlist's whole song list after a change. Only what changes is checked against the opt-in,
 * so a playlist whose artist has since opted out still saves other edits (that song plays as a preview
 * until it is taken off); the HFM Picks shape (five songs, one per artist) holds for the whole list.
 */
export async function checkSongList(
  ctx: Pick<AppContext, 'db'>,
  songIds: string[],
  flags: CurationFlags,
  change: ListChange,
): Promise<void> {
  const curated = flags.isHFMRadio || flags.isHFMPicks;
  const optInChecked = (id: string) => curated && (change.flagsTurnedOn || change.added.has(id));
  const picksShape = flags.isHFMPicks && (change.flagsTurnedOn || change.added.size > 0);
  const wanted = picksShape ? songIds : songIds.filter((id) => change.added.has(id) || optInChecked(id));
  const facts = new Map((await findSongFacts(ctx.db, wanted)).map((song) => [song.id, song]));
  for (const id of wanted) {
    const song = facts.get(id);
    if (!song) throw songsError(`No such song: ${id}.`);
    if (change.added.has(id) && song.status !== 'ready') throw songsError(`${quoted(song)} is not ready yet.`);
    if (optInChecked(id) && !song.optedIn) throw songsError(notOptedIn(song, flags));
  }
  if (!picksShape) return;
  if (songIds.length > HFM_PICKS_SONGS) throw songsError(playlistFieldMessages.tooManyPicks);
  const artists = new Set<string>();
  for (const id of songIds) {
    const song = facts.get(id)!;
    if (artists.has(song.artistId)) {
      throw songsError(`${playlistFieldMessages.onePickPerArtist} ${song.artistName} has more than one.`);
    }
    artists.add(song.artistId);
  }
}

/** The genre and label named must exist (400 naming the field otherwise). */
export async function checkReferences(ctx: Pick<AppContext, 'db'>, body: CreatePlaylistBody): Promise<void> {
  if (body.genre && !(await findGenre(ctx.db, body.genre))) {
    throw badRequest('No such genre.', { genre: 'No such genre.' });
  }
  if (body.label && !(await labelExists(ctx.db, body.label))) {
    throw badRequest('No such label.', { label: 'No such label.' });
  }
}
