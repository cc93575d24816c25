import {
  PRICE_CENTS_PER_ARTIST_YEAR,
  slugParams,
  type ArtistCard,
  type ArtistPage,
  type ArtistSummary,
  type CatalogueSong,
  type GenrePage,
  type HeroArtist,
  type MemberHomeLists,
  type PlaylistCard,
  type PlaylistPage,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors/app-error.js';
import { checkAccess, requireAccess, type Actor } from '../access/index.js';
import {
  presentAlbum,
  presentArtistCard,
  presentCatalogueSong,
  presentGenre,
  presentHeroArtist,
  presentPlaylistCard,
} from './discovery.presenter.js';
import {
  findArtistById,
  findArtistBySlug,
  findGenreById,
  findHeroArtist,
  findPlaylist,
  hasActiveSubscription,
  HOME_LIST_LIMIT,
  listAlbumsOfArtist,
  listAllGenres,
  listArtistsOfGenre,
  listRelatedArtists as listRelatedArtistRows,
  listFeaturedArtists,
  listHomePlaylists,
  listNewestArtists,
  listOutSongsOfArtist,
  listSongsOfGenre,
  listSongsOfPlaylist,
  type HeroArtistRow,
  type PlaylistCardRow,
} from './discovery.repository.js';

/**
 * What fans browse, read across domains in a handful of statements (docs/decisions/0010). Only ACTIVE
 * artists and released songs (modules/access/released.ts) show, except that an artist and admins see
 * the artist's own page and summary whatever its status.
 */

export const NO_SUCH_ARTIST = 'No such artist.';
export const NO_SUCH_GENRE = 'No such genre.';
export const NO_SUCH_PLAYLIST = 'No such playlist.';

/**
 * GET /api/bff/members/hero-artist: the first featured artist, else the newest; null in an empty catalogue.
 * Public (docs/decisions/0049): the same answer for everyone, with nothing of the viewer in it.
 */
export async function getHeroArtist(ctx: AppContext): Promise<HeroArtist | null> {
  const row = await findHeroArtist(ctx.db);
  return row ? presentHeroArtist(row) : null;
}

/**
 * Whether the viewer is shown the artist's songs: always while the artist is on HFM; once the artist has left
 * (CANCELLED, docs/decisions/0021), only subscribers in term, the artist and admins.
 */
async function showsSongs(ctx: AppContext, actor: Actor, row: HeroArtistRow, subscribed: boolean): Promise<boolean> {
  if (row.status !== 'CANCELLED' || subscribed) return true;
  return (await checkAccess(ctx, actor, 'artist.manage', [row.id])).has(row.id);
}

/**
 * GET /api/bff/members/artist-summary/{artistId}: the artist and their released songs, to anyone who may see
 * the artist (signed out too: docs/decisions/0049); whether the viewer subscribes only decides, once the artist
 * has left, whether the songs show, and is not in the answer.
 */
export async function getArtistSummary(ctx: AppContext, actor: Actor, artistId: string): Promise<ArtistSummary> {
  await requireAccess(ctx, actor, 'artist.view', [artistId]);
  const [row, songs, subscribed] = await Promise.all([
    findArtistById(ctx.db, artistId),
    listOutSongsOfArtist(ctx.db, artistId),
    actor ? hasActiveSubscription(ctx.db, actor.id, artistId) : false,
  ]);
  if (!row) throw notFound(NO_SUCH_ARTIST);
  const shown = await showsSongs(ctx, actor, row, subscribed);
  return { ...presentHeroArtist(row), songs: shown ? songs.map(presentCatalogueSong) : [] };
}

/** Playlists with a place in a list first, by that place; the others after them, oldest first. */
function byPlace(place: (row: PlaylistCardRow) => number | null) {
  const rank = (row: PlaylistCardRow) => {
    const value = place(row);
    return value === null || value < 0 ? Number.POSITIVE_INFINITY : value;
  };
  return (a: PlaylistCardRow, b: PlaylistCardRow) => rank(a) - rank(b) || a.createdAt.getTime() - b.createdAt.getTime();
}

function homeList(
  rows: PlaylistCardRow[],
  included: (row: PlaylistCardRow) => boolean,
  place: (row: PlaylistCardRow) => number | null,
): PlaylistCard[] {
  return rows.filter(included).sort(byPlace(place)).slice(0, HOME_LIST_LIMIT).map(presentPlaylistCard);
}

/**
 * GET /api/playlists/agg/member-home-lists: four statements, run side by side. Public (docs/decisions/0049):
 * the catalogue's lists, the same for everyone; nothing of the viewer (Hi Fives, kept songs, subscriptions).
 */
export async function getMemberHomeLists(ctx: AppContext): Promise<MemberHomeLists> {
  const [playlists, featured, genres, newest] = await Promise.all([
    listHomePlaylists(ctx.db),
    listFeaturedArtists(ctx.db),
    listAllGenres(ctx.db),
    listNewestArtists(ctx.db),
  ]);
  return {
    frontPage: homeList(
      playlists,
      (row) => row.showOnFrontPage,
      (row) => row.position,
    ),
    hfmPicks: homeList(
      playlists,
      (row) => row.isHfmPicks,
      (row) => row.hfmPicksPosition,
    ),
    hfmRadio: homeList(
      playlists,
      (row) => row.isHfmRadio,
      (row) => row.position,
    ),
    featuredArtists: featured.map(presentArtistCard),
    genres: genres.map(presentGenre),
    newReleases: newest.map(presentArtistCard),
  };
}

/** A slug that cannot be one names no artist: 404, as for an unknown one. */
function artistSlug(slug: string): string {
  const parsed = slugParams.safeParse({ slug });
  if (!parsed.success) throw notFound(NO_SUCH_ARTIST);
  return parsed.data.slug;
}

async function loadArtistBySlug(ctx: AppContext, slug: string): Promise<HeroArtistRow> {
  const row = await findArtistBySlug(ctx.db, artistSlug(slug));
  if (!row) throw notFound(NO_SUCH_ARTIST);
  return row;
}

/**
 * GET /api/artist-pages/{slug}: the artist, albums with their ordered songs, every released song and the
 * offer, in two round trips whatever the catalogue's size: the artist by slug, then the access check and
 * the page's reads side by side (their rows are dropped when the check refuses). An artist who has left
 * (CANCELLED) shows to everyone with the termination; songs and albums only to those `showsSongs` names.
 */
export async function getArtistPage(ctx: AppContext, actor: Actor, slug: string): Promise<ArtistPage> {
  const row = await loadArtistBySlug(ctx, slug);
  const [, songRows, albumRows, subscribed] = await Promise.all([
    requireAccess(ctx, actor, 'artist.view', [row.id]),
    listOutSongsOfArtist(ctx.db, row.id),
    listAlbumsOfArtist(ctx.db, row.id),
    actor ? hasActiveSubscription(ctx.db, actor.id, row.id) : false,
  ]);
  const shown = await showsSongs(ctx, actor, row, subscribed);
  const songs = shown ? songRows.map(presentCatalogueSong) : [];
  const songsById = new Map<string, CatalogueSong>(songs.map((song) => [song.id, song]));
  return {
    artist: presentHeroArtist(row),
    // An album none of whose songs is out yet has nothing to show.
    albums: albumRows.map((album) => presentAlbum(album, songsById)).filter((album) => album.songs.length > 0),
    songs,
    offer: { priceCents: PRICE_CENTS_PER_ARTIST_YEAR, subscribed, available: row.status === 'ACTIVE' },
    termination:
      row.status === 'CANCELLED' ? { terminatedAt: (row.terminatedAt ?? row.updatedAt).toISOString() } : null,
  };
}

/** GET /api/genres/{id}/page: the genre, its newest ACTIVE artists and their newest released songs. */
export async function getGenrePage(ctx: AppContext, genreId: string): Promise<GenrePage> {
  const genre = await findGenreById(ctx.db, genreId);
  if (!genre) throw notFound(NO_SUCH_GENRE);
  const [artists, songs] = await Promise.all([listArtistsOfGenre(ctx.db, genreId), listSongsOfGenre(ctx.db, genreId)]);
  return {
    genre: presentGenre(genre),
    artists: artists.map(presentArtistCard),
    songs: songs.map(presentCatalogueSong),
  };
}

/** GET /api/playlists/{id}: the playlist and its released songs in order. */
export async function getPlaylistPage(ctx: AppContext, playlistId: string): Promise<PlaylistPage> {
  const [playlist, songs] = await Promise.all([
    findPlaylist(ctx.db, playlistId),
    listSongsOfPlaylist(ctx.db, playlistId),
  ]);
  if (!playlist) throw notFound(NO_SUCH_PLAYLIST);
  return { playlist: presentPlaylistCard(playlist), songs: songs.map(presentCatalogueSong) };
}

/** What a shared link's preview shows (the /a/{slug} page's title and Open Graph tags). */
export interface ArtistShareCard {
  name: string;
  slug: string;
  /** The bio as rich text (sanitised when saved). */
  bio: string;
  /** Storage key of the banner, else of the first photo, else null. */
  imageKey: string | null;
  /** When the artist left HFM (licence terminated), else null: the preview then says so. */
  terminatedAt: Date | null;
}

/** For link previews, asked anonymously by crawlers: ACTIVE artists and those who left; null for any other slug. */
export async function findArtistShareCard(ctx: AppContext, slug: string): Promise<ArtistShareCard | null> {
  const parsed = slugParams.safeParse({ slug });
  if (!parsed.success) return null;
  const row = await findArtistBySlug(ctx.db, parsed.data.slug);
  if (!row || (row.status !== 'ACTIVE' && row.status !== 'CANCELLED')) return null;
  return {
    name: row.name,
    slug: row.slug ?? slug,
    bio: row.bio,
    imageKey: row.bannerImage ?? row.photos[0] ?? null,
    terminatedAt: row.status === 'CANCELLED' ? (row.terminatedAt ?? row.updatedAt) : null,
  };
}

/** How many artists the subscribe modal suggests after a subscription. */
export const RELATED_ARTIST_LIMIT = 4;

/**
 * After a member subscribes to an artist: a few ACTIVE artists of the same genre they do not subscribe to
 * yet (none when the artist has no genre).
 */
export async function listRelatedArtists(
  ctx: Pick<AppContext, 'db'>,
  artist: { id: string; genreId: string | null },
  memberId: string,
): Promise<ArtistCard[]> {
  if (!artist.genreId) return [];
  const rows = await listRelatedArtistRows(ctx.db, {
    genreId: artist.genreId,
    artistId: artist.id,
    memberId,
    limit: RELATED_ARTIST_LIMIT,
  });
  return rows.map(presentArtistCard);
}
