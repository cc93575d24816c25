/** The curated playlists of the large demo catalogue: front page, HFM Picks and HFM Radio. */
import type { PlannedArtist } from './catalogue-plan.js';
import type { SeededRandom } from './seeded-random.js';

/** An ACTIVE artist with some of their songs, from which playlists take one each. */
export interface PlaylistCandidate {
  artist: PlannedArtist;
  songIds: string[];
}

export interface PlannedPlaylist {
  id: string;
  title: string;
  type: 'SONGS';
  genre_id: string | null;
  show_on_front_page: boolean;
  position: number;
  tags: string[];
  user_id: string | null;
  is_hfm_picks: boolean;
  hfm_picks_position: number | null;
  is_hfm_radio: boolean;
  /** HFM Picks are made for a month ('YYYY-MM'): the demo's are last month's, so generating makes this month's. */
  picks_month: string | null;
  created_at: string;
  updated_at: string;
  songIds: string[];
}

const FRONT_PAGE = ['Fresh Finds', 'Late Night Grooves', 'Sunday Morning', 'Loud and Proud'];
/** The spec's curated generation: these three, all HFM Picks, at positions 1 to 3. */
const HFM_PICKS = ['Summer Driving', 'Night Driving', 'Fall Driving'];
const HFM_RADIO = ['HFM Radio', 'HFM Radio: Deep Cuts'];
const FRONT_PAGE_SONGS = 24;
/** The opt-in describes a five-song playlist with one track per artist. */
const PICKS_SONGS = 5;
const RADIO_SONGS = 40;

/** One song from each of `count` artists. */
function songsFrom(random: SeededRandom, candidates: PlaylistCandidate[], count: number): string[] {
  return random.sample(candidates, count).map((candidate) => random.pick(candidate.songIds));
}

/** The UTC month before `now`, 'YYYY-MM'. */
export function previousMonth(now: Date): string {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function planPlaylists(
  random: SeededRandom,
  candidates: PlaylistCandidate[],
  options: { adminId: string | null; now: Date },
): PlannedPlaylist[] {
  const optedIn = candidates.filter((candidate) => candidate.artist.hfmPicksOptIn);
  const base = (title: string, index: number) => {
    const at = new Date(options.now.getTime() - (index + 1) * 60_000).toISOString();
    return {
      id: random.uuid(),
      title,
      type: 'SONGS' as const,
      genre_id: null,
      show_on_front_page: false,
      position: -1,
      tags: ['demo'],
      user_id: options.adminId,
      is_hfm_picks: false,
      hfm_picks_position: null,
      is_hfm_radio: false,
      picks_month: null,
      created_at: at,
      updated_at: at,
    };
  };
  let index = 0;
  return [
    ...FRONT_PAGE.map((title, position) => ({
      ...base(title, index++),
      show_on_front_page: true,
      position,
      songIds: songsFrom(random, candidates, FRONT_PAGE_SONGS),
    })),
    ...HFM_PICKS.map((title, position) => ({
      ...base(title, index++),
      is_hfm_picks: true,
      hfm_picks_position: position + 1,
      picks_month: previousMonth(options.now),
      songIds: songsFrom(random, optedIn, PICKS_SONGS),
    })),
    ...HFM_RADIO.map((title) => ({
      ...base(title, index++),
      is_hfm_radio: true,
      songIds: songsFrom(random, optedIn, RADIO_SONGS),
    })),
  ];
}
