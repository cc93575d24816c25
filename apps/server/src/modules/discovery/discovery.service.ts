import {
  PRICE_CENTS_PER_ARTIST_YEAR,
  slugParams,
  type ArtistCard,
  type ArtistPage,
  type ArtistSummary,
  type GenrePage,
  type HeroArtist,
  type MemberHomeLists,
  type PlaylistCard,
  type PlaylistPage,
  type SongPeaks,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { mayManageLoadedArtist, mayViewLoadedArtist, requireAccess, type Actor } from '../access/index.js';
import {
  presentArtistCard,
  presentArtistPageAlbum,
  presentArtistPageSong,
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
  listFirstPeaksOfArtist,
  listHomePlaylists,
  listNewestArtists,
  listOutSongsOfArtist,
  listSongsOfGenre,
  listSongsOfPlaylist,
  type HeroArtistRow,
  type PlaylistCardRow,
} from './discovery.repository.js';
import { presentPeaks } from '../../platform/media/peaks.js';

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
function showsSongs(actor: Actor, row: HeroArtistRow, subscribed: boolean): boolean {
  return row.status !== 'CANCELLED' || subscribed || mayManageLoadedArtist(actor, row);
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
  const shown = showsSongs(actor, row, subscribed);
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
 * GET /api/artist-pages/{slug}: the artist, every released song once, the albums naming their songs by id, and
 * the offer, in two round trips whatever the catalogue's size: the artist by slug, then the page's reads side
 * by side. Who may see the artist is answered from the row read (`mayViewLoadedArtist`: the access policy's
 * rule), not read again. An artist who has left (CANCELLED) shows to everyone with the termination; songs and
 * albums only to those `showsSongs` names.
 */
export async function getArtistPage(ctx: AppContext, actor: Actor, slug: string): Promise<ArtistPage> {
  const row = await loadArtistBySlug(ctx, slug);
  if (!mayViewLoadedArtist(actor, row)) throw notFound(NO_SUCH_ARTIST);
  const [songRows, albumRows, subscribed] = await Promise.all([
    listOutSongsOfArtist(ctx.db, row.id),
    listAlbumsOfArtist(ctx.db, row.id),
    actor ? hasActiveSubscription(ctx.db, actor.id, row.id) : false,
  ]);
  const songs = showsSongs(actor, row, subscribed) ? songRows.map(presentArtistPageSong) : [];
  const shown = new Set(songs.map((song) => song.id));
  return {
    artist: presentHeroArtist(row),
    // An album none of whose songs is out yet has nothing to show.
    albums: albumRows.map((album) => presentArtistPageAlbum(album, shown)).filter((album) => album.songs.length > 0),
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

/**
 * How many of an artist page's first songs a shared link's page carries the waveform of: the rows of a first
 * screen (four at 1280 by 720, more on a taller one), so they draw without a request each.
 */
export const FIRST_SCREEN_SONGS = 8;

/** An artist's page as a shared link opens it: the page's answer and its first screen's waveforms. */
export interface ArtistPageFirstScreen {
  page: ArtistPage;
  /** GET /api/songs/{id}/peaks's answers for the page's first songs (FIRST_SCREEN_SONGS at most). */
  peaks: SongPeaks[];
}

/**
 * The page (`getArtistPage`, the JSON call's own answer) and, read beside it, its first screen's waveforms,
 * kept only for songs the page lists (so only what the viewer may see); null when the page is a 404. `pageOf`
 * answers the page (the read-model cache's, from the route).
 */
export async function getArtistPageFirstScreen(
  ctx: AppContext,
  actor: Actor,
  slug: string,
  pageOf: (actor: Actor, slug: string) => Promise<ArtistPage> = (viewer, at) => getArtistPage(ctx, viewer, at),
): Promise<ArtistPageFirstScreen | null> {
  const [page, peakRows] = await Promise.allSettled([
    pageOf(actor, slug),
    listFirstPeaksOfArtist(ctx.db, slug, FIRST_SCREEN_SONGS),
  ]);
  if (page.status === 'rejected') {
    if (page.reason instanceof AppError && page.reason.code === 'NOT_FOUND') return null;
    throw page.reason;
  }
  if (peakRows.status === 'rejected') throw peakRows.reason;
  const first = new Set(page.value.songs.slice(0, FIRST_SCREEN_SONGS).map((song) => song.id));
  const peaks = peakRows.value.filter((row) => first.has(row.id)).map(presentPeaks);
  return { page: page.value, peaks };
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
