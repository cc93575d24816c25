import { expandArtistPage, type ArtistPageView, type ArtistPageViewSong, type EmbedKind } from '@hfm/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors/app-error.js';
import { getArtistPage } from './discovery.service.js';
import { findAlbumArtistSlug, findSongArtistSlug } from './embed.repository.js';
import { albumPath, artistPath } from './public-pages.js';

/** What an embed plays and shows: built from the public's view of the artist's page, whoever asks. */
export interface EmbedItem {
  kind: EmbedKind;
  id: string;
  /** The artist's, album's or song's name. */
  title: string;
  artistName: string;
  /** The public page the embed links out to (a path): the artist's, or the album's. */
  pagePath: string;
  artistPagePath: string;
  /** The album's artwork, else the artist's photo (a path), else null. */
  cover: string | null;
  tracks: ArtistPageViewSong[];
}

const isUuid = (id: string) => z.uuid().safeParse(id).success;

/**
 * The artist's page as someone signed out sees it, or null when they would see nothing to play: an unknown
 * or unapproved artist, one who has left HFM, or one with no released song. An embed is shown on other sites
 * to anyone, so it never shows what only its artist, admins or subscribers may see (docs/decisions/0056).
 */
async function publicArtistPage(ctx: AppContext, slug: string | null): Promise<ArtistPageView | null> {
  if (!slug) return null;
  try {
    const page = await getArtistPage(ctx, null, slug);
    return page.termination || page.songs.length === 0 ? null : expandArtistPage(page);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export async function findEmbedItem(ctx: AppContext, kind: EmbedKind, id: string): Promise<EmbedItem | null> {
  if (kind === 'artist') return artistItem(await publicArtistPage(ctx, id));
  if (!isUuid(id)) return null;
  if (kind === 'album') return albumItem(await publicArtistPage(ctx, await findAlbumArtistSlug(ctx.db, id)), id);
  return songItem(await publicArtistPage(ctx, await findSongArtistSlug(ctx.db, id)), id);
}

function artistItem(page: ArtistPageView | null): EmbedItem | null {
  if (!page) return null;
  const { artist } = page;
  return {
    kind: 'artist',
    id: artist.slug,
    title: artist.name,
    artistName: artist.name,
    pagePath: artistPath(artist.slug),
    artistPagePath: artistPath(artist.slug),
    cover: artist.photo,
    tracks: page.songs,
  };
}

function albumItem(page: ArtistPageView | null, albumId: string): EmbedItem | null {
  const album = page?.albums.find((entry) => entry.id === albumId);
  if (!page || !album) return null;
  return {
    kind: 'album',
    id: album.id,
    title: album.name,
    artistName: page.artist.name,
    pagePath: albumPath(page.artist.slug, album.id),
    artistPagePath: artistPath(page.artist.slug),
    cover: album.artworkPath || page.artist.photo,
    tracks: album.songs,
  };
}

function songItem(page: ArtistPageView | null, songId: string): EmbedItem | null {
  const song = page?.songs.find((entry) => entry.id === songId);
  if (!page || !song) return null;
  const album = page.albums.find((entry) => entry.songs.some((albumSong) => albumSong.id === songId));
  return {
    kind: 'song',
    id: song.id,
    title: song.title,
    artistName: page.artist.name,
    pagePath: artistPath(page.artist.slug),
    artistPagePath: artistPath(page.artist.slug),
    cover: album?.artworkPath || page.artist.photo,
    tracks: [song],
  };
}
