import { and, asc, desc, eq, gt, gte, inArray, ne, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { jsonList } from '../../platform/db/json-list.js';
import { artistPicture } from '../artists/index.js';
import { catalogueSongColumns } from './catalogue-song-columns.js';
import { preparedRead } from '../../platform/db/prepared.js';
import { artistPhotos, artists } from '../../platform/db/schema/artists.js';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { albums, albumSongs, playlists, playlistSongs, songs } from '../../platform/db/schema/catalogue.js';
import { genres } from '../../platform/db/schema/genres.js';
import { curatedSongColumns, artistIsActive, releasedSong, songIsOut } from '../access/index.js';

/**
 * The read model fans browse (docs/decisions/0010): each function is one statement across the artists,
 * catalogue, genres and billing tables, so a page costs a handful of round trips whatever the catalogue's
 * size. Lists are bounded; nested lists (photos, album ids, an album's songs) come back as JSON arrays.
 */

/** Most cards or playlists a member-home row shows. */
export const HOME_LIST_LIMIT = 50;
/** A genre page: its newest artists and their newest songs. */
export const GENRE_ARTIST_LIMIT = 48;
export const GENRE_SONG_LIMIT = 50;
export const NEW_RELEASES_LIMIT = 9;

/** Featured: an ACTIVE artist an admin put in the featured order (featuredPosition -1 means not featured). */
const featured = () => and(artistIsActive(), gte(artists.featuredPosition, 0))!;

const allPhotos =
  jsonList(sql`select json_agg(${artistPhotos.path} order by ${artistPhotos.position}, ${artistPhotos.createdAt})
  from ${artistPhotos} where ${artistPhotos.artistId} = ${artists.id}`);

const cardColumns = {
  id: artists.id,
  name: artists.name,
  slug: artists.slug,
  genreId: genres.id,
  genreLabel: genres.label,
  genreArtwork: genres.artwork,
  photo: artistPicture,
  bannerImage: artists.bannerImage,
  featuredBio: artists.featuredBio,
  featuredPosition: artists.featuredPosition,
  hifives: artists.hifives,
  createdAt: artists.createdAt,
  updatedAt: artists.updatedAt,
};

const heroColumns = {
  ...cardColumns,
  bio: artists.bio,
  photos: allPhotos,
  status: artists.status,
  userId: artists.userId,
  terminatedAt: artists.terminatedAt,
};

function selectCards(db: Database) {
  return db.select(cardColumns).from(artists).leftJoin(genres, eq(genres.id, artists.genreId));
}

function selectHeroes(db: Database) {
  return db.select(heroColumns).from(artists).leftJoin(genres, eq(genres.id, artists.genreId));
}

export type ArtistCardRow = Awaited<ReturnType<typeof selectCards>>[number];
export type HeroArtistRow = Awaited<ReturnType<typeof selectHeroes>>[number];

/** The featured ACTIVE artist first in the featured order; else the newest ACTIVE artist; else none. */
export async function findHeroArtist(db: Database): Promise<HeroArtistRow | null> {
  const isFeatured = sql`case when ${featured()} then 0 else 1 end`;
  const [row] = await selectHeroes(db)
    .where(artistIsActive())
    .orderBy(isFeatured, asc(artists.featuredPosition), desc(artists.createdAt), asc(artists.id))
    .limit(1);
  return row ?? null;
}

export async function findArtistById(db: Database, id: string): Promise<HeroArtistRow | null> {
  const [row] = await selectHeroes(db).where(eq(artists.id, id)).limit(1);
  return row ?? null;
}

const artistBySlug = preparedRead(
  (db, name) =>
    selectHeroes(db)
      .where(eq(artists.slug, sql.placeholder('slug')))
      .limit(1)
      .prepare(name),
  'discovery_artist_by_slug',
);

export async function findArtistBySlug(db: Database, slug: string): Promise<HeroArtistRow | null> {
  const [row] = await artistBySlug(db).execute({ slug });
  return row ?? null;
}

const featuredArtists = preparedRead(
  (db, name) =>
    selectCards(db)
      .where(featured())
      .orderBy(asc(artists.featuredPosition), desc(artists.createdAt), asc(artists.id))
      .limit(HOME_LIST_LIMIT)
      .prepare(name),
  'discovery_featured_artists',
);

export function listFeaturedArtists(db: Database): Promise<ArtistCardRow[]> {
  return featuredArtists(db).execute();
}

/** The most recently created ACTIVE artists (the spec's new releases). */
const newestArtists = preparedRead(
  (db, name) =>
    selectCards(db)
      .where(artistIsActive())
      .orderBy(desc(artists.createdAt), desc(artists.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  'discovery_newest_artists',
);

export function listNewestArtists(db: Database, limit = NEW_RELEASES_LIMIT): Promise<ArtistCardRow[]> {
  return newestArtists(db).execute({ limit });
}

/**
 * ACTIVE artists of the genre other than `artistId`, leaving out those the member subscribes to now: what
 * the subscribe modal suggests next. Most hi-fived first.
 */
export function listRelatedArtists(
  db: Database,
  input: { genreId: string; artistId: string; memberId: string; limit: number },
): Promise<ArtistCardRow[]> {
  const subscribed = db
    .select({ artistId: subscriptions.artistId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, input.memberId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, sql`now()`),
      ),
    );
  return selectCards(db)
    .where(
      and(
        artistIsActive(),
        eq(artists.genreId, input.genreId),
        ne(artists.id, input.artistId),
        not(inArray(artists.id, subscribed)),
      ),
    )
    .orderBy(desc(artists.hifives), desc(artists.createdAt), desc(artists.id))
    .limit(input.limit);
}

export function listArtistsOfGenre(db: Database, genreId: string): Promise<ArtistCardRow[]> {
  return selectCards(db)
    .where(and(artistIsActive(), eq(artists.genreId, genreId)))
    .orderBy(desc(artists.createdAt), desc(artists.id))
    .limit(GENRE_ARTIST_LIMIT);
}

// Songs -----------------------------------------------------------------------------------------------

/** A song as fans see it, with what HFM Radio and HFM Picks open up for it (modules/access/curated.ts). */
function selectSongs(db: Database) {
  return db
    .select({ ...catalogueSongColumns, ...curatedSongColumns() })
    .from(songs)
    .innerJoin(artists, eq(artists.id, songs.artistId));
}

export type CatalogueSongRow = Awaited<ReturnType<typeof selectSongs>>[number];

/** Newest first: by release date (the day it came out), then by upload. */
const newestFirst = [
  sql`coalesce(${songs.releaseDate}, (${songs.createdAt} at time zone 'UTC')::date) desc`,
  desc(songs.createdAt),
  asc(songs.id),
];

/**
 * The artist's songs that are out (ready, active, release date reached), whatever the artist's status:
 * the caller has decided who may see this artist. Full-preview songs first in the artist's order, then
 * newest first.
 */
const outSongOrder = [
  sql`case when ${songs.isFullPreview} then 0 else 1 end`,
  sql`case when ${songs.isFullPreview} then ${songs.fullPreviewPosition} end`,
  ...newestFirst,
];

const outSongsOfArtist = preparedRead(
  (db, name) =>
    selectSongs(db)
      .where(and(eq(songs.artistId, sql.placeholder('artistId')), songIsOut()))
      .orderBy(...outSongOrder)
      .prepare(name),
  'discovery_out_songs_of_artist',
);

export function listOutSongsOfArtist(db: Database, artistId: string): Promise<CatalogueSongRow[]> {
  return outSongsOfArtist(db).execute({ artistId });
}

/**
 * The waveform peaks of the artist's first `limit` songs that are out, in the order of `listOutSongsOfArtist`
 * (what an artist's page lists first), by the artist's slug: a shared link's page carries them, read beside the
 * page's own reads. The caller keeps only the songs the page shows.
 */
const firstPeaksOfArtist = preparedRead(
  (db, name) =>
    db
      .select({ id: songs.id, peaks: songs.peaks })
      .from(songs)
      .innerJoin(artists, eq(artists.id, songs.artistId))
      .where(and(eq(artists.slug, sql.placeholder('slug')), songIsOut()))
      .orderBy(...outSongOrder)
      .limit(sql.placeholder('limit'))
      .prepare(name),
  'discovery_first_peaks_of_artist',
);

export function listFirstPeaksOfArtist(
  db: Database,
  slug: string,
  limit: number,
): Promise<{ id: string; peaks: number[] | null }[]> {
  return firstPeaksOfArtist(db).execute({ slug, limit });
}

/** The newest released songs of the genre's ACTIVE artists. */
export function listSongsOfGenre(db: Database, genreId: string): Promise<CatalogueSongRow[]> {
  return selectSongs(db)
    .where(and(eq(artists.genreId, genreId), artistIsActive(), songIsOut()))
    .orderBy(...newestFirst)
    .limit(GENRE_SONG_LIMIT);
}

/** The playlist's released songs in its order (songs of artists no longer ACTIVE are left out). */
export function listSongsOfPlaylist(db: Database, playlistId: string): Promise<CatalogueSongRow[]> {
  return selectSongs(db)
    .innerJoin(playlistSongs, eq(playlistSongs.songId, songs.id))
    .where(and(eq(playlistSongs.playlistId, playlistId), artistIsActive(), songIsOut()))
    .orderBy(asc(playlistSongs.position), asc(songs.id));
}

// Albums ----------------------------------------------------------------------------------------------

export interface AlbumRow {
  id: string;
  artistId: string;
  name: string;
  artworkKey: string | null;
  linerNotes: string;
  createdAt: Date;
  /** The album's song ids in album order (every song, whatever its state). */
  songIds: string[];
}

/** The artist's albums, newest first, each with its song ids in album order. */
const albumsOfArtist = preparedRead(
  (db, name) =>
    db
      .select({
        id: albums.id,
        artistId: albums.artistId,
        name: albums.name,
        artworkKey: albums.artworkKey,
        linerNotes: albums.linerNotes,
        createdAt: albums.createdAt,
        songIds: jsonList(sql`select json_agg(${albumSongs.songId} order by ${albumSongs.position})
        from ${albumSongs} where ${albumSongs.albumId} = ${albums.id}`),
      })
      .from(albums)
      .where(eq(albums.artistId, sql.placeholder('artistId')))
      .orderBy(desc(albums.createdAt), asc(albums.id))
      .prepare(name),
  'discovery_albums_of_artist',
);

export function listAlbumsOfArtist(db: Database, artistId: string): Promise<AlbumRow[]> {
  return albumsOfArtist(db).execute({ artistId });
}

// Playlists -------------------------------------------------------------------------------------------

const playlistColumns = {
  id: playlists.id,
  title: playlists.title,
  type: playlists.type,
  artwork: playlists.artwork,
  genreId: genres.id,
  genreLabel: genres.label,
  genreArtwork: genres.artwork,
  showOnFrontPage: playlists.showOnFrontPage,
  position: playlists.position,
  isHfmPicks: playlists.isHfmPicks,
  hfmPicksPosition: playlists.hfmPicksPosition,
  isHfmRadio: playlists.isHfmRadio,
  createdAt: playlists.createdAt,
  /** Only songs fans can hear count. */
  songCount: sql<number>`(select count(*) from ${playlistSongs}
    inner join ${songs} on ${songs.id} = ${playlistSongs.songId}
    where ${playlistSongs.playlistId} = ${playlists.id} and ${releasedSong()})`.mapWith(Number),
};

function selectPlaylists(db: Database) {
  return db.select(playlistColumns).from(playlists).leftJoin(genres, eq(genres.id, playlists.genreId));
}

export type PlaylistCardRow = Awaited<ReturnType<typeof selectPlaylists>>[number];

/** Every playlist member home shows (front page, HFM Picks, HFM Radio), in one statement. */
const homePlaylists = preparedRead(
  (db, name) =>
    selectPlaylists(db)
      .where(or(eq(playlists.showOnFrontPage, true), eq(playlists.isHfmPicks, true), eq(playlists.isHfmRadio, true)))
      .orderBy(asc(playlists.createdAt), asc(playlists.id))
      .limit(3 * HOME_LIST_LIMIT)
      .prepare(name),
  'discovery_home_playlists',
);

export function listHomePlaylists(db: Database): Promise<PlaylistCardRow[]> {
  return homePlaylists(db).execute();
}

export async function findPlaylist(db: Database, id: string): Promise<PlaylistCardRow | null> {
  const [row] = await selectPlaylists(db).where(eq(playlists.id, id)).limit(1);
  return row ?? null;
}

// Genres and subscriptions ----------------------------------------------------------------------------

export type GenreRow = typeof genres.$inferSelect;

const allGenres = preparedRead(
  (db, name) => db.select().from(genres).orderBy(asc(genres.label)).prepare(name),
  'discovery_all_genres',
);

export function listAllGenres(db: Database): Promise<GenreRow[]> {
  return allGenres(db).execute();
}

export async function findGenreById(db: Database, id: string): Promise<GenreRow | null> {
  const [row] = await db.select().from(genres).where(eq(genres.id, id)).limit(1);
  return row ?? null;
}

/** Whether the member subscribes to the artist now (active, within its term): the access policy's rule. */
const activeSubscription = preparedRead(
  (db, name) =>
    db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.memberId, sql.placeholder('memberId')),
          eq(subscriptions.artistId, sql.placeholder('artistId')),
          eq(subscriptions.status, 'active'),
          gt(subscriptions.currentPeriodEnd, sql`now()`),
        ),
      )
      .limit(1)
      .prepare(name),
  'discovery_active_subscription',
);

export async function hasActiveSubscription(db: Database, memberId: string, artistId: string): Promise<boolean> {
  const [row] = await activeSubscription(db).execute({ memberId, artistId });
  return row !== undefined;
}
