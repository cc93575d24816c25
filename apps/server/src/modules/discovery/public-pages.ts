import type {
  AlbumWithSongs,
  ArtistPage,
  ArtistPageView,
  GenrePage,
  HeroArtist,
  MemberHomeLists,
  PlaylistPage,
} from '@hfm/shared';
import { escapeHtml, type PageMeta } from '../../http/web-app.js';
import { shareDescription } from './artist-share.js';

/**
 * The public catalogue's pages (docs/decisions/0049): their addresses, their link-preview tags and the short
 * text a crawler without JavaScript reads (`<noscript>`), built from the same API answers the page shows first.
 * Every name here is user text: the caller's renderers (renderPageMeta, noscriptBlock) escape it.
 */

export const DISCOVER_PATH = '/discover';
export const discoverGenrePath = (id: string) => `/discover/genres/${encodeURIComponent(id)}`;
export const discoverPlaylistPath = (id: string) => `/discover/playlists/${encodeURIComponent(id)}`;
export const artistPath = (slug: string) => `/a/${encodeURIComponent(slug)}`;
export const albumPath = (slug: string, albumId: string) =>
  `/a/${encodeURIComponent(slug)}/albums/${encodeURIComponent(albumId)}`;

/** A path or URL as an absolute URL of the site (images in link previews must be absolute). */
function absolute(publicUrl: string, pathOrUrl: string | null | undefined): string | null {
  if (!pathOrUrl) return null;
  try {
    return new URL(pathOrUrl, `${publicUrl}/`).href;
  } catch {
    return null;
  }
}

/** 'A, B, C and 4 more' from names (at most `shown` named). */
export function listNames(names: readonly string[], shown = 3): string {
  const named = names.slice(0, shown);
  const rest = names.length - named.length;
  if (rest > 0) return `${named.join(', ')} and ${rest} more`;
  if (named.length <= 1) return named.join('');
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

const songCount = (count: number) => `${count} ${count === 1 ? 'song' : 'songs'}`;

export function discoverMeta(publicUrl: string, lists?: MemberHomeLists): PageMeta {
  const artists = lists ? [...lists.featuredArtists, ...lists.newReleases].map((artist) => artist.name) : [];
  const unique = [...new Set(artists)];
  return {
    title: 'Discover music | HFM',
    description: unique.length
      ? `Hear previews of every song on HFM: ${listNames(unique)}. Subscribe to an artist for $9.99 a year and keep what you download.`
      : 'Hear previews of every song on HFM. Subscribe to an artist for $9.99 a year and keep what you download.',
    url: `${publicUrl}${DISCOVER_PATH}`,
    image: null,
    type: 'website',
  };
}

export function discoverSearchMeta(publicUrl: string): PageMeta {
  return {
    title: 'Search | HFM',
    description: 'Search the songs, artists and albums on HFM, and hear a preview of every song.',
    url: `${publicUrl}${DISCOVER_PATH}/search`,
    image: null,
    type: 'website',
  };
}

export function genreMeta(publicUrl: string, page: GenrePage): PageMeta {
  const names = page.artists.map((artist) => artist.name);
  return {
    title: `${page.genre.label} | HFM`,
    description: names.length
      ? `${page.genre.label} on HFM: ${listNames(names)}. Hear a preview of every song.`
      : `${page.genre.label} on HFM. Hear a preview of every song.`,
    url: `${publicUrl}${discoverGenrePath(page.genre.id)}`,
    image: absolute(publicUrl, page.genre.artwork),
    type: 'website',
  };
}

export function playlistMeta(publicUrl: string, page: PlaylistPage): PageMeta {
  const names = [...new Set(page.songs.map((song) => song.artistName))];
  return {
    title: `${page.playlist.title} | HFM`,
    description: `A playlist of ${songCount(page.songs.length)} on HFM${names.length ? `, with ${listNames(names)}` : ''}.`,
    url: `${publicUrl}${discoverPlaylistPath(page.playlist.id)}`,
    image: absolute(publicUrl, page.playlist.artworkPath),
    type: 'music.playlist',
  };
}

export function albumMeta(publicUrl: string, page: ArtistPageView, album: AlbumWithSongs): PageMeta {
  const notes = shareDescription(album.linerNotes, 150);
  return {
    title: `${album.name} by ${page.artist.name} | HFM`,
    description: `${album.name}, an album of ${songCount(album.songs.length)} by ${page.artist.name} on HFM.${notes ? ` ${notes}` : ''}`,
    url: `${publicUrl}${albumPath(page.artist.slug, album.id)}`,
    image: absolute(publicUrl, album.artworkPath) ?? absolute(publicUrl, page.artist.photo),
    type: 'music.album',
  };
}

/** What a page without JavaScript shows: a heading, a line or two, and links (each escaped here). */
export interface NoscriptText {
  heading: string;
  lines: string[];
  links: { href: string; text: string }[];
}

/** Most links a noscript text lists (a page's text stays short). */
export const NOSCRIPT_LINKS = 50;

export function noscriptBlock(text: NoscriptText): string {
  const links = text.links
    .slice(0, NOSCRIPT_LINKS)
    .map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></li>`)
    .join('');
  return [
    '<noscript><div class="noscript-page">',
    `<h1>${escapeHtml(text.heading)}</h1>`,
    ...text.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    links ? `<ul>${links}</ul>` : '',
    '</div></noscript>',
  ].join('');
}

export function discoverText(hero: HeroArtist | null | undefined, lists: MemberHomeLists | undefined): NoscriptText {
  const artists = new Map<string, string>();
  for (const artist of [...(hero ? [hero] : []), ...(lists?.featuredArtists ?? []), ...(lists?.newReleases ?? [])])
    artists.set(artist.slug, artist.name);
  return {
    heading: 'Discover music on HFM',
    lines: ['Featured artists, new releases, genres and HFM Picks. Hear a preview of every song.'],
    links: [
      ...[...artists].map(([slug, name]) => ({ href: artistPath(slug), text: name })),
      ...(lists?.genres ?? []).map((genre) => ({ href: discoverGenrePath(genre.id), text: genre.label })),
      ...[...(lists?.hfmPicks ?? []), ...(lists?.frontPage ?? [])].map((playlist) => ({
        href: discoverPlaylistPath(playlist.id),
        text: playlist.title,
      })),
    ],
  };
}

export function genreText(page: GenrePage): NoscriptText {
  return {
    heading: page.genre.label,
    lines: [`${page.genre.label} on HFM: its artists and their newest songs.`],
    links: page.artists.map((artist) => ({ href: artistPath(artist.slug), text: artist.name })),
  };
}

export function playlistText(page: PlaylistPage): NoscriptText {
  return {
    heading: page.playlist.title,
    lines: page.songs.slice(0, NOSCRIPT_LINKS).map((song) => `${song.title}, by ${song.artistName}`),
    links: [...new Map(page.songs.map((song) => [song.artistSlug, song.artistName]))].map(([slug, name]) => ({
      href: artistPath(slug),
      text: name,
    })),
  };
}

export function artistText(page: ArtistPage): NoscriptText {
  const bio = shareDescription(page.artist.bio, 400);
  return {
    heading: page.artist.name,
    lines: [...(bio ? [bio] : []), ...page.songs.slice(0, NOSCRIPT_LINKS).map((song) => song.title)],
    links: page.albums.map((album) => ({ href: albumPath(page.artist.slug, album.id), text: album.name })),
  };
}

export function albumText(page: ArtistPageView, album: AlbumWithSongs): NoscriptText {
  return {
    heading: `${album.name}, by ${page.artist.name}`,
    lines: album.songs.map((song, index) => `${index + 1}. ${song.title}`),
    links: [{ href: artistPath(page.artist.slug), text: page.artist.name }],
  };
}
