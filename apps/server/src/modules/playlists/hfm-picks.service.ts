import { DEFAULT_PLAYLIST_TYPE, HFM_PICKS_SONGS, HFM_PICKS_TITLES, type HfmPicksAnswer } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { conflict } from '../../errors/app-error.js';
import { transactionWithRetry } from '../../platform/db/retry.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { choosePicks, groupByArtist, picksMonthOf, picksNotice } from './hfm-picks.js';
import { listPickCandidates, lockPicksGeneration, retirePicksBefore } from './hfm-picks.repository.js';
import { presentPlaylist } from './playlists.presenter.js';
import {
  deletePicksOfMonth,
  insertPlaylistRow,
  listPicksOfMonth,
  listTracks,
  replacePlaylistSongs,
} from './playlists.repository.js';
import { deleteStoredQuietly } from './playlists.service.js';

export const NO_PICKS_CANDIDATES =
  'There are no released songs of ACTIVE artists who opted in to HFM Picks yet, so there is nothing to pick.';

/**
 * POST /api/playlists/hfm-picks (docs/decisions/0022): the current UTC month's 'Summer Driving',
 * 'Night Driving' and 'Fall Driving' (HFMPicksPosition 1 to 3, all isHFMPicks), five songs each of
 * released songs of ACTIVE artists who opted in, one track per artist. Made once a month: a second run
 * (also one racing the first) answers the month's playlists unchanged. A new month's run takes isHFMPicks
 * off the earlier months' generated playlists, so member home shows the current ones. `regenerate` replaces
 * the month's generated playlists with three new ones (shuffled anew). `now` is the clock (tests move it).
 */
export async function generateHfmPicks(
  ctx: AppContext,
  actor: Actor,
  options: { regenerate?: boolean } = {},
  now = new Date(),
): Promise<HfmPicksAnswer> {
  const user = requireAdmin(actor);
  const month = picksMonthOf(now);
  const replaced: string[] = [];
  const outcome = await transactionWithRetry(ctx.db, async (tx) => {
    await lockPicksGeneration(tx);
    if (options.regenerate) replaced.push(...(await deletePicksOfMonth(tx, month)));
    const existing = await listPicksOfMonth(tx, month);
    const made = new Set(existing.map((row) => row.title));
    const missing = HFM_PICKS_TITLES.map((title, index) => ({ title, position: index + 1 })).filter(
      (pick) => !made.has(pick.title),
    );
    if (missing.length === 0) return { generated: false, notice: null };
    const soFar = { artists: new Set<string>(), songs: new Set<string>() };
    for (const songId of existing.flatMap((row) => row.songIds)) soFar.songs.add(songId);
    for (const track of await listTracks(
      tx,
      existing.map((row) => row.id),
    ))
      soFar.artists.add(track.artistId);
    // A regeneration shuffles anew (seeded by its time); the month's first generation is reproducible.
    const seed = options.regenerate ? `${month}/${now.toISOString()}` : month;
    const candidates = await listPickCandidates(tx, seed, {
      artistLimit: HFM_PICKS_TITLES.length * HFM_PICKS_SONGS + soFar.artists.size,
      songsPerArtist: HFM_PICKS_TITLES.length,
    });
    if (candidates.length === 0) throw conflict(NO_PICKS_CANDIDATES);
    const chosen = choosePicks(groupByArtist(candidates), missing.length, soFar);
    await retirePicksBefore(tx, month);
    for (const [index, pick] of missing.entries()) {
      const id = await insertPlaylistRow(tx, {
        title: pick.title,
        type: DEFAULT_PLAYLIST_TYPE,
        isHfmPicks: true,
        hfmPicksPosition: pick.position,
        picksMonth: month,
        userId: user.id,
        tags: ['HFM Picks'],
      });
      await replacePlaylistSongs(
        tx,
        id,
        chosen[index]!.map((song) => song.songId),
      );
    }
    return { generated: true, notice: picksNotice(chosen) };
  });
  for (const artwork of replaced) await deleteStoredQuietly(ctx, artwork);
  const rows = await listPicksOfMonth(ctx.db, month);
  const tracks = await listTracks(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    playlists: rows.map((row) =>
      presentPlaylist(
        row,
        tracks.filter((track) => track.playlistId === row.id),
      ),
    ),
    generated: outcome.generated,
    month,
    notice: outcome.notice,
  };
}
