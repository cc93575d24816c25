import {
  isoDateToDob,
  type ArtistCard,
  type ArtistPageAlbum,
  type ArtistPageSong,
  type CatalogueSong,
  type HeroArtist,
  type PlaylistCard,
  type PublicGenre,
} from '@hfm/shared';
import { bannerImagePath, mediaPath } from '../artists/index.js';
import type {
  AlbumRow,
  ArtistCardRow,
  CatalogueSongRow,
  GenreRow,
  HeroArtistRow,
  PlaylistCardRow,
} from './discovery.repository.js';

/** The read model's rows as the contract (packages/shared/src/discovery.ts) shows them. */

function genreOf(row: { genreId: string | null; genreLabel: string | null; genreArtwork: string | null }) {
  return row.genreId && row.genreLabel !== null
    ? { _id: row.genreId, id: row.genreId, label: row.genreLabel, artwork: row.genreArtwork }
    : null;
}

export function presentGenre(row: GenreRow): PublicGenre {
  return { _id: row.id, id: row.id, label: row.label, artwork: row.artwork };
}

export function presentArtistCard(row: ArtistCardRow): ArtistCard {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug ?? '',
    genre: genreOf(row),
    photo: row.photo ? mediaPath(row.photo) : null,
    bannerImagePath: bannerImagePath(row),
    featuredBio: row.featuredBio,
    featuredPosition: row.featuredPosition,
    hifives: row.hifives,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentHeroArtist(row: HeroArtistRow): HeroArtist {
  return { ...presentArtistCard(row), bio: row.bio, photos: row.photos.map(mediaPath) };
}

export function presentCatalogueSong(row: CatalogueSongRow): CatalogueSong {
  return {
    _id: row.id,
    ...presentArtistPageSong(row),
    artistID: row.artistId,
    artistName: row.artistName,
    artistSlug: row.artistSlug ?? '',
  };
}

/** A song on its artist's page: the page names the artist once, and `id` is not copied to `_id`. */
export function presentArtistPageSong(row: CatalogueSongRow): ArtistPageSong {
  return {
    id: row.id,
    title: row.title,
    duration: row.duration,
    explicit: row.explicit,
    releaseDate: row.releaseDate ? isoDateToDob(row.releaseDate) : null,
    trackNumber: row.trackNumber,
    isFullPreview: row.isFullPreview,
    playsInFull: Boolean(row.playsInFull),
    freeToKeep: Boolean(row.freeToKeep),
    fullPreviewPosition: row.fullPreviewPosition,
    plays: row.plays,
    hifives: row.hifives,
    albumIDs: row.albumIds,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An album on its artist's page: the ids of its songs in `shown` (those the page lists), in album order. */
export function presentArtistPageAlbum(row: AlbumRow, shown: ReadonlySet<string>): ArtistPageAlbum {
  return {
    id: row.id,
    artistID: row.artistId,
    name: row.name,
    artworkPath: row.artworkKey ? mediaPath(row.artworkKey) : '',
    linerNotes: row.linerNotes,
    songs: row.songIds.filter((id) => shown.has(id)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A playlist's artwork is a storage key (playlist-images/{id}/...), served under /media like other images. */
export function presentPlaylistCard(row: PlaylistCardRow): PlaylistCard {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    type: row.type,
    artworkPath: row.artwork ? mediaPath(row.artwork) : null,
    genre: genreOf(row),
    showOnFrontPage: row.showOnFrontPage,
    position: row.position,
    isHFMPicks: row.isHfmPicks,
    HFMPicksPosition: row.hfmPicksPosition,
    isHFMRadio: row.isHfmRadio,
    songCount: row.songCount,
  };
}
