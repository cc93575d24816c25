import { HFM_PICKS_SONGS } from '@hfm/shared';

/** Choosing HFM Picks, as pure functions (the service feeds them the database's shuffled candidates). */

/** The UTC month of `now`, 'YYYY-MM'. */
export function picksMonthOf(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

export interface CandidateArtist {
  artistId: string;
  /** The artist's songs in the month's shuffled order. */
  songIds: string[];
}

export interface ChosenSong {
  songId: string;
  artistId: string;
}

/** What the month's playlists hold already (a generation that fills in a playlist an admin deleted). */
export interface MonthSoFar {
  artists: Set<string>;
  songs: Set<string>;
}

/**
 * Fills `count` playlists of up to five songs each, never two of one artist in a playlist. Each playlist
 * takes artists in the month's order: first artists not used yet this month (one track per artist per
 * month, as the opt-in promises), then, only when there are too few opted-in artists, artists the month
 * has used already, with a song not used yet if they have one, else one used already.
 */
export function choosePicks(
  artists: readonly CandidateArtist[],
  count: number,
  soFar: MonthSoFar = { artists: new Set(), songs: new Set() },
): ChosenSong[][] {
  const usedArtists = new Set(soFar.artists);
  const usedSongs = new Set(soFar.songs);
  const playlists: ChosenSong[][] = [];
  for (let index = 0; index < count; index++) {
    const chosen: ChosenSong[] = [];
    const inPlaylist = new Set<string>();
    const take = (artist: CandidateArtist, songId: string | undefined) => {
      if (chosen.length >= HFM_PICKS_SONGS || inPlaylist.has(artist.artistId) || songId === undefined) return;
      chosen.push({ songId, artistId: artist.artistId });
      inPlaylist.add(artist.artistId);
    };
    const freshSong = (artist: CandidateArtist) => artist.songIds.find((songId) => !usedSongs.has(songId));
    for (const artist of artists) if (!usedArtists.has(artist.artistId)) take(artist, freshSong(artist));
    for (const artist of artists) take(artist, freshSong(artist));
    for (const artist of artists) take(artist, artist.songIds[0]);
    for (const song of chosen) {
      usedArtists.add(song.artistId);
      usedSongs.add(song.songId);
    }
    playlists.push(chosen);
  }
  return playlists;
}

/** Candidates (one row per song, artists in order) grouped by artist, keeping the order. */
export function groupByArtist(rows: readonly ChosenSong[]): CandidateArtist[] {
  const byArtist = new Map<string, CandidateArtist>();
  for (const row of rows) {
    const artist = byArtist.get(row.artistId) ?? { artistId: row.artistId, songIds: [] };
    artist.songIds.push(row.songId);
    byArtist.set(row.artistId, artist);
  }
  return [...byArtist.values()];
}

/**
 * What the answer says when the playlists are not what the opt-in describes (five songs of five artists
 * not used elsewhere this month); null when they are.
 */
export function picksNotice(playlists: readonly ChosenSong[][]): string | null {
  const short = playlists.some((songs) => songs.length < HFM_PICKS_SONGS);
  const artistsUsed = playlists.flat().map((song) => song.artistId);
  const repeated = new Set(artistsUsed).size < artistsUsed.length;
  if (!short && !repeated) return null;
  const artistCount = new Set(artistsUsed).size;
  const consequences = [
    short ? 'some playlists have fewer than five songs' : null,
    repeated ? 'some artists are in more than one playlist' : null,
  ].filter(Boolean);
  const have = artistCount === 1 ? 'artist has' : 'artists have';
  return `Only ${artistCount} opted-in ${have} released songs: ${consequences.join(', and ')}.`;
}
