/**
 * What the large demo catalogue holds, decided before anything is written: artists (names, unique slugs,
 * statuses, featuring), how many songs each has, and each artist's songs and albums. Pure: the same seed
 * and sizes give the same plan (only the dates follow the clock).
 */
import { artistSlug, RATING_CATEGORIES, type ArtistStatus } from '@hfm/shared';
import {
  makeAlbumName,
  makeArtistName,
  makeBio,
  makeFeaturedBio,
  makeLinerNotes,
  makePersonName,
  makeSongTitle,
} from './catalogue-words.js';
import { SeededRandom } from './seeded-random.js';

export const SEED_EMAIL_DOMAIN = 'seed.hfm.local';
/** Artists featured on member home (at most; one in five of a tiny catalogue), at featuredPosition 0, 1, ... */
export const FEATURED_ARTISTS = 8;
/** The clip full-preview songs use (short, so a fan hears it to its end); other songs take the rest. */
export const FULL_PREVIEW_CLIP = 'spark';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Artists joined over this many days before the run. */
const CATALOGUE_DAYS = 3 * 365;

export interface PlannedArtist {
  index: number;
  userId: string;
  artistId: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  slug: string;
  status: ArtistStatus;
  isSearchable: boolean;
  tier: string;
  genreId: string | null;
  bio: string;
  hfmPicksOptIn: boolean;
  isFeatured: boolean;
  featuredPosition: number;
  featuredBio: string | null;
  scoreMatrix: { label: string; score: number }[];
  createdAt: Date;
  songCount: number;
}

export interface PlannedSong {
  id: string;
  artistId: string;
  title: string;
  songWriters: string;
  isrc: string;
  explicit: boolean;
  releaseDate: string;
  trackNumber: number | null;
  isFullPreview: boolean;
  fullPreviewPosition: number;
  plays: number;
  clip: string;
  createdAt: Date;
}

export interface PlannedAlbum {
  id: string;
  artistId: string;
  name: string;
  linerNotes: string;
  createdAt: Date;
  /** Song ids in album order. */
  songIds: string[];
}

export interface PlanInput {
  artists: number;
  songs: number;
  seed: string;
  genres: readonly { id: string; label: string }[];
  /** Slugs already taken in the database (the demo artist's, sign-ups'). */
  takenSlugs: ReadonlySet<string>;
  /** Featured positions already used: seeded featured artists come after them. */
  featuredAlready: number;
  /** Clip names for ordinary songs. */
  songClips: readonly string[];
  now: Date;
}

/** Every n-th artist, spread through the catalogue, for the few PENDING and INACTIVE ones. */
function statusOf(index: number, artists: number): ArtistStatus {
  if (artists < 10) return 'ACTIVE';
  const few = Math.max(1, Math.round(artists * 0.01));
  const step = Math.floor(artists / few);
  // Never among the newest, so new releases on member home show seeded ACTIVE artists.
  if (index >= artists - Math.min(20, Math.floor(artists / 4))) return 'ACTIVE';
  if (index % step === Math.floor(step / 3)) return 'PENDING';
  if (index % step === Math.floor((2 * step) / 3)) return 'INACTIVE';
  return 'ACTIVE';
}

/** The slug `artistSlug` makes, with -2, -3... when it is taken. */
function uniqueSlug(name: string, taken: Set<string>): string {
  const base = artistSlug(name);
  let slug = base;
  for (let suffix = 2; taken.has(slug); suffix++) slug = `${base}-${suffix}`;
  taken.add(slug);
  return slug;
}

/**
 * Songs per artist, summing to exactly `total`: every artist gets one while there are enough, and the
 * rest goes by a log-normal weight, so most artists have a handful and a few have many.
 */
export function allocateSongs(random: SeededRandom, artists: number, total: number, weightOf: (i: number) => number) {
  const counts = new Array<number>(artists).fill(0);
  if (artists === 0) return counts;
  const base = total >= artists ? 1 : 0;
  const weights = Array.from({ length: artists }, (_, index) => Math.exp(random.normal() * 0.6) * weightOf(index));
  const sum = weights.reduce((a, b) => a + b, 0);
  const rest = total - base * artists;
  let given = 0;
  const fractions: { index: number; fraction: number }[] = [];
  for (let index = 0; index < artists; index++) {
    const share = (rest * weights[index]!) / sum;
    counts[index] = base + Math.floor(share);
    given += Math.floor(share);
    fractions.push({ index, fraction: share - Math.floor(share) });
  }
  fractions.sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (let k = 0; k < rest - given; k++) counts[fractions[k % artists]!.index]! += 1;
  return counts;
}

export function planArtists(input: PlanInput): PlannedArtist[] {
  const random = new SeededRandom(`${input.seed}:artists`);
  const taken = new Set(input.takenSlugs);
  const width = Math.max(5, String(input.artists).length);
  const spanMs = CATALOGUE_DAYS * DAY_MS;
  const planned: PlannedArtist[] = [];
  const toFeature = Math.min(FEATURED_ARTISTS, Math.max(1, Math.floor(input.artists / 5)));
  let featured = 0;
  for (let index = 0; index < input.artists; index++) {
    const name = makeArtistName(random);
    const person = makePersonName(random);
    const genre = input.genres.length > 0 ? random.pick(input.genres) : null;
    const status = statusOf(index, input.artists);
    // Featured artists come from the middle of the catalogue, so they are not also the newest.
    const isFeatured =
      status === 'ACTIVE' && featured < toFeature && index >= Math.floor(input.artists / 3) && random.chance(0.5);
    const position = isFeatured ? input.featuredAlready + featured++ : -1;
    const joinedAgo = spanMs * (1 - (index + 1) / input.artists) + random.int(0, 6 * 60 * 60 * 1000);
    planned.push({
      index,
      userId: random.uuid(),
      artistId: random.uuid(),
      email: `artist-${String(index + 1).padStart(width, '0')}@${SEED_EMAIL_DOMAIN}`,
      ...person,
      name,
      slug: uniqueSlug(name, taken),
      status,
      isSearchable: status !== 'PENDING',
      tier: status === 'PENDING' ? 'In Review' : 'Tier 1',
      genreId: genre?.id ?? null,
      bio: makeBio(random, name, genre?.label ?? null),
      hfmPicksOptIn: random.chance(0.85),
      isFeatured,
      featuredPosition: position,
      featuredBio: isFeatured ? makeFeaturedBio(random, name) : null,
      scoreMatrix: status === 'PENDING' ? [] : RATING_CATEGORIES.map((label) => ({ label, score: random.int(3, 9) })),
      createdAt: new Date(input.now.getTime() - joinedAgo),
      songCount: 0,
    });
  }
  // Too few artists for the middle third to give a handful: feature the first ACTIVE ones.
  for (const artist of planned) {
    if (featured >= toFeature) break;
    if (artist.isFeatured || artist.status !== 'ACTIVE') continue;
    artist.isFeatured = true;
    artist.featuredPosition = input.featuredAlready + featured++;
    artist.featuredBio = makeFeaturedBio(random, artist.name);
  }
  const counts = allocateSongs(random, input.artists, input.songs, (index) =>
    planned[index]!.status === 'ACTIVE' ? 1 : 0.15,
  );
  counts.forEach((count, index) => (planned[index]!.songCount = count));
  return planned;
}

/** A date as the songs table keeps releaseDate. */
function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * One artist's songs (newest last) and albums. Some ACTIVE artists make their first song or two
 * full-preview; artists with four songs or more often have an album or two of consecutive songs.
 */
export function planArtistSongs(
  input: Pick<PlanInput, 'seed' | 'songClips' | 'now'> & { albumChance?: number },
  artist: PlannedArtist,
  firstSongNumber: number,
  forceFullPreview: boolean,
): { songs: PlannedSong[]; albums: PlannedAlbum[] } {
  const random = new SeededRandom(`${input.seed}:songs:${artist.index}`);
  const songwriter = `${artist.firstName} ${artist.lastName}`;
  const span = Math.max(DAY_MS, input.now.getTime() - artist.createdAt.getTime());
  const offsets = Array.from({ length: artist.songCount }, () => Math.floor(random.next() * span)).sort(
    (a, b) => a - b,
  );
  const fullPreviews =
    artist.status === 'ACTIVE' && artist.songCount > 0 && (forceFullPreview || random.chance(0.08))
      ? Math.min(artist.songCount, random.int(1, 2))
      : 0;
  const songs: PlannedSong[] = offsets.map((offset, index) => {
    const createdAt = new Date(artist.createdAt.getTime() + offset);
    const number = firstSongNumber + index;
    return {
      id: random.uuid(),
      artistId: artist.artistId,
      title: makeSongTitle(random),
      songWriters: songwriter,
      isrc: `QZHFM${String(createdAt.getUTCFullYear() % 100).padStart(2, '0')}${String(number % 100_000).padStart(5, '0')}`,
      explicit: random.chance(0.06),
      releaseDate: isoDate(createdAt),
      trackNumber: null,
      isFullPreview: index < fullPreviews,
      fullPreviewPosition: index < fullPreviews ? index : 0,
      plays: Math.floor(Math.exp(random.normal() * 1.4) * 25),
      clip: index < fullPreviews ? FULL_PREVIEW_CLIP : random.pick(input.songClips),
      createdAt,
    };
  });
  const albums: PlannedAlbum[] = [];
  if (artist.songCount >= 4 && random.chance(input.albumChance ?? 0.45)) {
    let next = 0;
    const albumCount = artist.songCount >= 16 && random.chance(0.4) ? 2 : 1;
    for (let album = 0; album < albumCount && next < songs.length; album++) {
      const size = Math.min(songs.length - next, random.int(4, 12));
      const tracks = songs.slice(next, next + size);
      next += size;
      tracks.forEach((song, position) => (song.trackNumber = position + 1));
      const name = makeAlbumName(random);
      albums.push({
        id: random.uuid(),
        artistId: artist.artistId,
        name,
        linerNotes: makeLinerNotes(random, name),
        createdAt: tracks.at(-1)!.createdAt,
        songIds: tracks.map((song) => song.id),
      });
    }
  }
  return { songs, albums };
}

/** The demo artist's own songs ('The Demo Tapes'): five on an album, then a single that plays in full. */
const DEMO_ARTIST_SONGS = ['Garage Door Open', 'Tape Hiss', 'Four-Track Heart', 'Second Take', 'Feedback Loop'];
const DEMO_ARTIST_SINGLE = 'Room Tone';
export const DEMO_ARTIST_ALBUM = 'First Takes';

/** The songs and album of the demo account's artist, so the first artist a new user meets has music. */
export function planDemoArtistSongs(
  input: Pick<PlanInput, 'seed' | 'songClips' | 'now'>,
  artist: { artistId: string; songwriter: string },
): { songs: PlannedSong[]; albums: PlannedAlbum[] } {
  const random = new SeededRandom(`${input.seed}:demo-artist`);
  const titles = [...DEMO_ARTIST_SONGS, DEMO_ARTIST_SINGLE];
  const songs: PlannedSong[] = titles.map((title, index) => {
    const single = title === DEMO_ARTIST_SINGLE;
    const createdAt = new Date(input.now.getTime() - (titles.length - index) * DAY_MS);
    return {
      id: random.uuid(),
      artistId: artist.artistId,
      title,
      songWriters: artist.songwriter,
      isrc: `QZHFM${String(createdAt.getUTCFullYear() % 100).padStart(2, '0')}9${String(index).padStart(4, '0')}`,
      explicit: false,
      releaseDate: isoDate(createdAt),
      trackNumber: single ? null : index + 1,
      isFullPreview: single,
      fullPreviewPosition: 0,
      plays: random.int(20, 400),
      clip: single ? FULL_PREVIEW_CLIP : input.songClips[index % input.songClips.length]!,
      createdAt,
    };
  });
  const tracks = songs.filter((song) => song.trackNumber !== null);
  const album: PlannedAlbum = {
    id: random.uuid(),
    artistId: artist.artistId,
    name: DEMO_ARTIST_ALBUM,
    linerNotes: 'Recorded live in a garage on a borrowed four-track, to show what an album looks like on HFM.',
    createdAt: tracks.at(-1)!.createdAt,
    songIds: tracks.map((song) => song.id),
  };
  return { songs, albums: [album] };
}
