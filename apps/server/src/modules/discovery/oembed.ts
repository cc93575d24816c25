import {
  EMBED_KINDS,
  embedPath,
  embedQuery,
  embedSnippet,
  type EmbedKind,
  type EmbedQuery,
  type OembedAnswer,
} from '@hfm/shared';
import { embedFrame } from './embed-page.js';
import type { Thumbnail } from './embed-thumbnail.js';
import type { EmbedItem } from './embed.service.js';

/** What a pasted address names: an embeddable thing and how to show it. */
export interface EmbedTarget {
  kind: EmbedKind;
  id: string;
  options: EmbedQuery;
}

/** How long a consumer may keep an answer (seconds): names change rarely; a hidden song's embed says 404. */
export const OEMBED_CACHE_AGE = 3600;

const ARTIST_PAGE = /^\/a\/([^/]+)\/?$/;
const ALBUM_PAGE = /^\/a\/[^/]+\/albums\/([^/]+)\/?$/;
const EMBED_PAGE = /^\/embed\/([a-z]+)\/([^/]+)\/?$/;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The thing a URL on our own public address names: an artist's page (/a/{slug}), an album's page
 * (/a/{slug}/albums/{id}) or an embed's own address (/embed/{kind}/{id}, songs' only public address), else null.
 * Artists and albums are shown large (their track list), songs small, unless the embed address says otherwise.
 */
export function parseEmbedTarget(url: string, publicUrl: string): EmbedTarget | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(publicUrl).origin) return null;
  const path = parsed.pathname;
  const artist = ARTIST_PAGE.exec(path);
  if (artist) return target('artist', artist[1]!, { size: 'large', theme: 'light' });
  const album = ALBUM_PAGE.exec(path);
  if (album) return target('album', album[1]!, { size: 'large', theme: 'light' });
  const embed = EMBED_PAGE.exec(path);
  if (!embed || !EMBED_KINDS.includes(embed[1] as EmbedKind)) return null;
  const options = embedQuery.safeParse(Object.fromEntries(parsed.searchParams));
  if (!options.success) return null;
  return target(embed[1] as EmbedKind, embed[2]!, options.data);
}

function target(kind: EmbedKind, segment: string, options: EmbedQuery): EmbedTarget | null {
  const id = decoded(segment);
  return id ? { kind, id, options } : null;
}

/**
 * The oEmbed answer (type rich): the embed's iframe within maxwidth and maxheight. A large embed that does not
 * fit the height asked for becomes a small one.
 */
export function oembedAnswer(
  item: EmbedItem,
  target: EmbedTarget,
  publicUrl: string,
  max: { width?: number; height?: number },
  thumbnail: Thumbnail | null,
): OembedAnswer {
  const largeFits = max.height === undefined || max.height >= embedFrame('large').height;
  const options: EmbedQuery = {
    ...target.options,
    size: target.options.size === 'large' && largeFits ? 'large' : 'small',
  };
  const frame = embedFrame(options.size, max);
  const title = item.kind === 'artist' ? item.title : `${item.title} by ${item.artistName}`;
  const src = `${publicUrl}${embedPath(item.kind, item.id, options)}`;
  return {
    type: 'rich',
    version: '1.0',
    title,
    author_name: item.artistName,
    author_url: `${publicUrl}${item.artistPagePath}`,
    provider_name: 'HFM',
    provider_url: `${publicUrl}/`,
    cache_age: OEMBED_CACHE_AGE,
    html: embedSnippet(src, `${title} on HFM`, frame),
    width: frame.width,
    height: frame.height,
    ...(thumbnail
      ? { thumbnail_url: thumbnail.url, thumbnail_width: thumbnail.width, thumbnail_height: thumbnail.height }
      : {}),
  };
}
