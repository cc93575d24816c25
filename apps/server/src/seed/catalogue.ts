/**
 * `seed-demo --artists N --songs M`: a large demo catalogue for trying HFM at size and for the
 * benchmarks. Rows go in with multi-row INSERTs of 1,000 (one JSON parameter each, the same SQL on PGlite
 * and PostgreSQL), all in one transaction: a run that stops half-way leaves nothing behind. Every song
 * is ready and plays one of three short generated clips, transcoded once by the real pipeline.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config.js';
import { hashPassword } from '../platform/security/passwords.js';
import type { Database } from '../platform/db/client.js';
import type { ObjectStorage } from '../platform/storage/storage.js';
import { prepareDemoClips, type DemoClip } from './catalogue-audio.js';
import { dressCatalogue, dressUser, type DressPlan } from './catalogue-dress.js';
import {
  FULL_PREVIEW_CLIP,
  planArtists,
  planArtistSongs,
  planDemoArtistSongs,
  SEED_EMAIL_DOMAIN,
  type PlannedAlbum,
  type PlannedArtist,
  type PlannedSong,
} from './catalogue-plan.js';
import { planPlaylists, type PlaylistCandidate } from './catalogue-playlists.js';
import { SeededRandom } from './seeded-random.js';
import { DEMO_ACCOUNTS } from './demo.js';

/** What the first embedded start seeds beside the demo accounts: enough to browse, search and play. */
export const FIRST_START_CATALOGUE: CatalogueOptions = { artists: 24, songs: 120, seed: 'hfm', dress: true };

/** The CLI dresses catalogues up to this size (a large one would take hours and gigabytes). */
export const MAX_DRESSED_SONGS = 1000;
/** A dressed catalogue puts most songs of artists with four or more on albums, so most downloads carry a cover. */
const DRESSED_ALBUM_CHANCE = 0.85;

export interface CatalogueOptions {
  artists: number;
  songs: number;
  /** Same seed, same names and structure. */
  seed: string;
  /**
   * Artwork for every artist, album, genre and playlist, and each song's own tagged downloads
   * (catalogue-dress.ts); without it the songs share their clip's downloads and nothing has an image.
   */
  dress?: boolean;
}

export interface CatalogueSummary {
  artists: number;
  active: number;
  pending: number;
  inactive: number;
  featured: number;
  songs: number;
  fullPreviewSongs: number;
  albums: number;
  albumSongs: number;
  playlists: number;
  playlistSongs: number;
  /** Songs given to the demo account's artist (when it had none). */
  demoArtistSongs: number;
  /** Images drawn and songs given their own tagged downloads (a dressed catalogue). */
  images: number;
  taggedSongs: number;
  seconds: number;
}

/** A second run on the same database: refused, with what is there. */
export class CatalogueAlreadySeededError extends Error {}

const BATCH = 1000;
const number = (value: number) => value.toLocaleString('en-US');

type Row = Record<string, unknown>;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** `insert into table (columns) select ... from jsonb_to_recordset($1)`: one parameter however many rows. */
function insertJson(table: string, columns: Record<string, string>, rows: Row[], extra: SQL = sql``): SQL {
  const names = Object.keys(columns);
  const list = names.map((name) => `"${name}"`).join(', ');
  const types = names.map((name) => `"${name}" ${columns[name]}`).join(', ');
  return sql`insert into ${sql.raw(`"${table}" (${list})`)} select ${sql.raw(list)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${sql.raw(types)}) ${extra}`;
}

const SONG_COLUMNS = {
  id: 'uuid',
  artist_id: 'uuid',
  title: 'text',
  song_writers: 'text',
  isrc: 'text',
  explicit: 'boolean',
  release_date: 'date',
  track_number: 'integer',
  is_full_preview: 'boolean',
  full_preview_position: 'integer',
  plays: 'integer',
  created_at: 'timestamptz',
  clip: 'text',
};

/** Songs take their media keys, duration, peaks and loudness from their clip, joined in the database. */
function insertSongs(songs: PlannedSong[], clips: DemoClip[]): SQL {
  const rows = songs.map((song) => ({
    id: song.id,
    artist_id: song.artistId,
    title: song.title,
    song_writers: song.songWriters,
    isrc: song.isrc,
    explicit: song.explicit,
    release_date: song.releaseDate,
    track_number: song.trackNumber,
    is_full_preview: song.isFullPreview,
    full_preview_position: song.fullPreviewPosition,
    plays: song.plays,
    created_at: song.createdAt.toISOString(),
    clip: song.clip,
  }));
  const clipRows = clips.map((clip) => ({
    name: clip.name,
    duration: clip.durationSeconds,
    stream_file: clip.keys.streamFile,
    dash_manifest: clip.keys.dashManifest,
    preview_file: clip.keys.previewFile,
    download_file: clip.keys.downloadFile,
    download_files: clip.keys.downloadFiles,
    peaks: clip.peaks,
    loudness: clip.loudness,
  }));
  const songNames = Object.keys(SONG_COLUMNS).filter((name) => name !== 'clip');
  const types = Object.entries(SONG_COLUMNS)
    .map(([name, type]) => `"${name}" ${type}`)
    .join(', ');
  // media_prefix is a folder of the song's own that stays empty: deleting a seeded song removes that
  // folder, never the clip files other songs share.
  return sql`with clip as (
      select * from jsonb_to_recordset(${JSON.stringify(clipRows)}::jsonb) as c(name text, duration real,
        stream_file text, dash_manifest text, preview_file text, download_file text, download_files jsonb,
        peaks jsonb, loudness jsonb)
    )
    insert into songs (${sql.raw(songNames.map((name) => `"${name}"`).join(', '))}, status, duration, stream_file,
      dash_manifest, preview_file, download_file, download_files, peaks, loudness, media_prefix, processed_at, updated_at)
    select ${sql.raw(songNames.map((name) => `r."${name}"`).join(', '))}, 'ready', c.duration, c.stream_file,
      c.dash_manifest, c.preview_file, c.download_file, c.download_files, c.peaks, c.loudness,
      'seed/songs/' || r.id || '/', r.created_at, r.created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${sql.raw(types)})
    join clip c on c.name = r.clip`;
}

function userRow(artist: PlannedArtist, passwordHash: string): Row {
  return {
    id: artist.userId,
    first_name: artist.firstName,
    last_name: artist.lastName,
    email: artist.email,
    user_name: artist.email,
    password_hash: passwordHash,
    status: 'ACTIVE',
    role: 'ARTIST',
    hfm_picks_opt_in: artist.hfmPicksOptIn,
    confirmed_at: artist.createdAt.toISOString(),
    created_at: artist.createdAt.toISOString(),
    updated_at: artist.createdAt.toISOString(),
  };
}

const USER_COLUMNS = {
  id: 'uuid',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  user_name: 'text',
  password_hash: 'text',
  status: 'text',
  role: 'text',
  hfm_picks_opt_in: 'boolean',
  confirmed_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

function artistRow(artist: PlannedArtist): Row {
  return {
    id: artist.artistId,
    user_id: artist.userId,
    name: artist.name,
    slug: artist.slug,
    genre_id: artist.genreId,
    bio: artist.bio,
    hfm_picks_opt_in: artist.hfmPicksOptIn,
    is_featured: artist.isFeatured,
    featured_bio: artist.featuredBio,
    featured_position: artist.featuredPosition,
    tier: artist.tier,
    status: artist.status,
    score_matrix: artist.scoreMatrix,
    is_searchable: artist.isSearchable,
    created_at: artist.createdAt.toISOString(),
    updated_at: artist.createdAt.toISOString(),
  };
}

const ARTIST_COLUMNS = {
  id: 'uuid',
  user_id: 'uuid',
  name: 'text',
  slug: 'text',
  genre_id: 'uuid',
  bio: 'text',
  hfm_picks_opt_in: 'boolean',
  is_featured: 'boolean',
  featured_bio: 'text',
  featured_position: 'integer',
  tier: 'text',
  status: 'text',
  score_matrix: 'jsonb',
  is_searchable: 'boolean',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const ALBUM_COLUMNS = {
  id: 'uuid',
  artist_id: 'uuid',
  name: 'text',
  liner_notes: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};
const ORDERED_SONG_COLUMNS = { song_id: 'uuid', position: 'integer' };

function albumRows(albums: PlannedAlbum[]): { albums: Row[]; albumSongs: Row[] } {
  return {
    albums: albums.map((album) => ({
      id: album.id,
      artist_id: album.artistId,
      name: album.name,
      liner_notes: album.linerNotes,
      created_at: album.createdAt.toISOString(),
      updated_at: album.createdAt.toISOString(),
    })),
    albumSongs: albums.flatMap((album) =>
      album.songIds.map((songId, position) => ({ album_id: album.id, song_id: songId, position })),
    ),
  };
}

/** How many seeded artist accounts the database holds already. */
export async function countSeededArtists(db: Database): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as count from users where email like ${`%@${SEED_EMAIL_DOMAIN}`}`,
  );
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

async function readSetting(db: Database) {
  const genres = rowsOf<{ id: string; label: string }>(
    await db.execute(sql`select id, label from genres order by label`),
  );
  const slugs = rowsOf<{ slug: string }>(await db.execute(sql`select slug from artists where slug is not null`));
  const [featured] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from artists where is_featured`),
  );
  const [admin] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where role = 'ADMIN' order by created_at limit 1`),
  );
  return {
    genres,
    takenSlugs: new Set(slugs.map((row) => row.slug)),
    featuredAlready: featured?.count ?? 0,
    adminId: admin?.id ?? null,
    demoArtist: await findSonglessDemoArtist(db),
  };
}

const DEMO_ARTIST_EMAIL = DEMO_ACCOUNTS.find((account) => account.artist)!.email;

interface DemoArtistRow {
  artistId: string;
  userId: string;
  name: string;
  songwriter: string;
}

/** The demo account's artist when it has no songs yet (it gets some with the catalogue). */
async function findSonglessDemoArtist(db: Database): Promise<DemoArtistRow | null> {
  const [row] = rowsOf<DemoArtistRow>(
    await db.execute(sql`select a.id as "artistId", a.user_id as "userId", a.name,
        u.first_name || ' ' || u.last_name as songwriter
      from artists a join users u on u.id = a.user_id
      where lower(u.email) = ${DEMO_ARTIST_EMAIL} and a.status = 'ACTIVE'
        and not exists (select 1 from songs s where s.artist_id = a.id)`),
  );
  return row ?? null;
}

/** The demo accounts that are not artists (admin, fan) and have no profile image yet. */
async function demoMembersWithoutImage(db: Database): Promise<{ id: string; name: string }[]> {
  const emails = DEMO_ACCOUNTS.filter((account) => !account.artist).map((account) => account.email);
  const rows = rowsOf<{ id: string; name: string; email: string }>(
    await db.execute(sql`select id, first_name || ' ' || last_name as name, lower(email) as email from users
      where profile_image is null`),
  );
  return rows.filter((row) => emails.includes(row.email)).map(({ id, name }) => ({ id, name }));
}

/** Makes the large demo catalogue; refuses when this database holds one already. */
export async function seedCatalogue(
  ctx: { db: Database; config: Config; storage: ObjectStorage },
  options: CatalogueOptions,
  print: (line: string) => void,
): Promise<CatalogueSummary> {
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
  const already = await countSeededArtists(ctx.db);
  if (already > 0) {
    throw new CatalogueAlreadySeededError(
      `This database already holds a seeded demo catalogue (${number(already)} artists with @${SEED_EMAIL_DOMAIN} ` +
        'accounts). Nothing was changed; seed a fresh DATA_DIR or database to make another.',
    );
  }
  const setting = await readSetting(ctx.db);
  const clips = await prepareDemoClips(ctx.config, ctx.storage, print);
  const now = new Date();
  const songClips = clips.map((clip) => clip.name).filter((name) => name !== FULL_PREVIEW_CLIP);
  const plan = {
    seed: options.seed,
    songClips,
    now,
    ...(options.dress ? { albumChance: DRESSED_ALBUM_CHANCE } : {}),
  };
  const artists = planArtists({ ...plan, ...options, ...setting });
  // Nobody signs in as a seeded artist: one hash of a password that is thrown away.
  const passwordHash = await hashPassword(crypto.randomBytes(24).toString('base64url'));

  const summary: CatalogueSummary = {
    artists: artists.length,
    active: artists.filter((artist) => artist.status === 'ACTIVE').length,
    pending: artists.filter((artist) => artist.status === 'PENDING').length,
    inactive: artists.filter((artist) => artist.status === 'INACTIVE').length,
    featured: artists.filter((artist) => artist.isFeatured).length,
    songs: 0,
    fullPreviewSongs: 0,
    albums: 0,
    albumSongs: 0,
    playlists: 0,
    playlistSongs: 0,
    demoArtistSongs: 0,
    images: 0,
    taggedSongs: 0,
    seconds: 0,
  };
  const dressing: DressPlan = {
    artists: artists.map(({ artistId, userId, name }) => ({ artistId, userId, name })),
    albums: [],
    songs: [],
    playlists: [],
  };

  await ctx.db.transaction(async (tx) => {
    for (let start = 0; start < artists.length; start += BATCH) {
      const batch = artists.slice(start, start + BATCH);
      await tx.execute(
        insertJson(
          'users',
          USER_COLUMNS,
          batch.map((artist) => userRow(artist, passwordHash)),
        ),
      );
      await tx.execute(insertJson('artists', ARTIST_COLUMNS, batch.map(artistRow)));
    }
    print(`Artists: ${number(artists.length)} with their accounts (${elapsed()}).`);

    const candidates: PlaylistCandidate[] = [];
    let songs: PlannedSong[] = [];
    let albums: PlannedAlbum[] = [];
    let nextReport = Math.ceil(options.songs / 10);
    const flush = async () => {
      if (songs.length > 0) await tx.execute(insertSongs(songs, clips));
      const rows = albumRows(albums);
      if (rows.albums.length > 0) await tx.execute(insertJson('albums', ALBUM_COLUMNS, rows.albums));
      for (let from = 0; from < rows.albumSongs.length; from += BATCH) {
        const slice = rows.albumSongs.slice(from, from + BATCH);
        await tx.execute(insertJson('album_songs', { album_id: 'uuid', ...ORDERED_SONG_COLUMNS }, slice));
      }
      summary.songs += songs.length;
      summary.albums += rows.albums.length;
      summary.albumSongs += rows.albumSongs.length;
      songs = [];
      albums = [];
      if (summary.songs >= nextReport || summary.songs === options.songs) {
        const percent = options.songs > 0 ? Math.round((summary.songs / options.songs) * 100) : 100;
        print(`Songs: ${number(summary.songs)} of ${number(options.songs)} (${percent}%, ${elapsed()}).`);
        while (nextReport <= summary.songs) nextReport += Math.ceil(options.songs / 10);
      }
    };
    let songNumber = 1;
    let fullPreviewYet = false;
    for (const artist of artists) {
      // At least one full-preview song in any catalogue, so that path can always be tried.
      const force = !fullPreviewYet && artist.status === 'ACTIVE' && artist.songCount > 0;
      const planned = planArtistSongs(plan, artist, songNumber, force);
      songNumber += planned.songs.length;
      const fullPreviews = planned.songs.filter((song) => song.isFullPreview).length;
      summary.fullPreviewSongs += fullPreviews;
      fullPreviewYet ||= fullPreviews > 0;
      if (artist.status === 'ACTIVE' && planned.songs.length > 0) {
        candidates.push({ artist, songIds: planned.songs.slice(-3).map((song) => song.id) });
      }
      songs.push(...planned.songs);
      albums.push(...planned.albums);
      if (options.dress) {
        dressing.songs.push(...planned.songs);
        dressing.albums.push(...planned.albums);
      }
      if (songs.length >= BATCH) await flush();
    }
    await flush();

    if (setting.demoArtist) {
      const demo = planDemoArtistSongs(plan, setting.demoArtist);
      await tx.execute(insertSongs(demo.songs, clips));
      const rows = albumRows(demo.albums);
      await tx.execute(insertJson('albums', ALBUM_COLUMNS, rows.albums));
      await tx.execute(insertJson('album_songs', { album_id: 'uuid', ...ORDERED_SONG_COLUMNS }, rows.albumSongs));
      summary.demoArtistSongs = demo.songs.length;
      dressing.artists.push(setting.demoArtist);
      dressing.songs.push(...demo.songs);
      dressing.albums.push(...demo.albums);
    }

    const playlists = planPlaylists(new SeededRandom(`${options.seed}:playlists`), candidates, {
      adminId: setting.adminId,
      now,
    });
    for (const playlist of playlists) {
      const { songIds, ...row } = playlist;
      await tx.execute(insertJson('playlists', PLAYLIST_COLUMNS, [row]));
      const ordered = songIds.map((songId, position) => ({ playlist_id: row.id, song_id: songId, position }));
      if (ordered.length > 0) {
        await tx.execute(insertJson('playlist_songs', { playlist_id: 'uuid', ...ORDERED_SONG_COLUMNS }, ordered));
      }
      summary.playlists += 1;
      summary.playlistSongs += ordered.length;
      dressing.playlists.push({ id: row.id, title: row.title });
    }
  });
  if (options.dress) {
    print(`Committed (${elapsed()}); drawing artwork and tagging each song's downloads...`);
    for (const member of await demoMembersWithoutImage(ctx.db)) await dressUser(ctx, member.id, member.name);
    Object.assign(summary, await dressCatalogue(ctx, dressing, clips, print));
  }
  print(`Committed (${elapsed()}); vacuuming and analyzing the tables...`);
  // The planner needs statistics for the new rows (PGlite has no autovacuum), and a vacuum sets the
  // visibility map, so the first readers do not pay for it.
  await ctx.db.execute(sql`vacuum analyze users, artists, songs, albums, album_songs, playlists, playlist_songs`);
  summary.seconds = Math.round((Date.now() - started) / 100) / 10;
  return summary;
}

const PLAYLIST_COLUMNS = {
  id: 'uuid',
  title: 'text',
  type: 'text',
  genre_id: 'uuid',
  show_on_front_page: 'boolean',
  position: 'integer',
  tags: 'jsonb',
  user_id: 'uuid',
  is_hfm_picks: 'boolean',
  hfm_picks_position: 'integer',
  is_hfm_radio: 'boolean',
  picks_month: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

/** The summary as the CLI prints it. */
export function describeCatalogue(summary: CatalogueSummary, seed: string): string[] {
  const dressed =
    summary.images > 0
      ? [
          `  ${number(summary.images)} images drawn; ${number(summary.taggedSongs)} songs have their own tagged downloads`,
        ]
      : [];
  const demoArtist =
    summary.demoArtistSongs > 0
      ? [`  ${summary.demoArtistSongs} songs for the demo artist (${DEMO_ARTIST_EMAIL})`]
      : [];
  return [
    `Seeded the demo catalogue in ${summary.seconds} s (seed "${seed}"):`,
    `  ${number(summary.artists)} artists: ${number(summary.active)} active and searchable, ` +
      `${number(summary.pending)} pending, ${number(summary.inactive)} inactive; ${number(summary.featured)} featured`,
    `  ${number(summary.songs)} songs, all ready, sharing 3 generated clips under seed/demo-audio/; ` +
      `${number(summary.fullPreviewSongs)} play in full for everyone`,
    `  ${number(summary.albums)} albums holding ${number(summary.albumSongs)} songs in order`,
    `  ${number(summary.playlists)} playlists (front page, HFM Picks, HFM Radio) holding ${number(summary.playlistSongs)} songs`,
    ...demoArtist,
    ...dressed,
    `The artists' accounts (artist-00001@${SEED_EMAIL_DOMAIN} and on) have no usable password; ` +
      'sign in with the demo accounts.',
  ];
}
