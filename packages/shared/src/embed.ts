import { z } from 'zod';

/**
 * The embeddable player (docs/decisions/0056): /embed/{kind}/{id}?size=&theme=, and the oEmbed answer that
 * gives its iframe. One home for the sizes, themes and frame dimensions: the server and the Embed dialog
 * both read them.
 */

export const EMBED_KINDS = ['artist', 'album', 'song'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

export const EMBED_SIZES = ['small', 'large'] as const;
export type EmbedSize = (typeof EMBED_SIZES)[number];

export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The iframe's size: small is one row; large adds the track list. Its width follows the page up to this. */
export const EMBED_FRAME = {
  small: { width: 480, height: 120 },
  large: { width: 480, height: 420 },
} as const satisfies Record<EmbedSize, { width: number; height: number }>;

export const EMBED_SIZE_MESSAGE = 'size must be small or large.';
export const EMBED_THEME_MESSAGE = 'theme must be light or dark.';

/** The page's query: a value outside the lists is a 400 naming what is allowed (no silent fallback). */
export const embedQuery = z.object({
  size: z.enum(EMBED_SIZES, { error: EMBED_SIZE_MESSAGE }).default('small'),
  theme: z.enum(EMBED_THEMES, { error: EMBED_THEME_MESSAGE }).default('light'),
});
export type EmbedQuery = z.infer<typeof embedQuery>;

/** The embed's address on the site (a path; prefix the public URL for a snippet). */
export function embedPath(kind: EmbedKind, id: string, options: EmbedQuery): string {
  return `/embed/${kind}/${encodeURIComponent(id)}?size=${options.size}&theme=${options.theme}`;
}

/** The HTML snippet a page pastes: the iframe, its size, a title for screen readers. */
export function embedSnippet(
  src: string,
  title: string,
  frame: { width: number; height: number } = EMBED_FRAME.small,
): string {
  const attribute = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<iframe src="${attribute(src)}" title="${attribute(title)}" width="${frame.width}" height="${frame.height}" ` +
    `style="border:0;border-radius:12px;max-width:100%" loading="lazy" allow="autoplay; encrypted-media"></iframe>`
  );
}

/** The longest `url` /oembed reads. */
export const OEMBED_URL_MAX = 2048;

const dimension = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number of pixels.` })
    .int({ error: `${name} must be a whole number of pixels.` })
    .min(1, { error: `${name} must be at least 1.` })
    .max(10_000, { error: `${name} must be at most 10000.` })
    .optional();

export const oembedQuery = z.object({
  url: z
    .string({ error: 'Give the url of an artist, album or song on HFM.' })
    .min(1, { error: 'Give the url of an artist, album or song on HFM.' })
    .max(OEMBED_URL_MAX, { error: `The url is longer than ${OEMBED_URL_MAX} characters.` }),
  format: z.string().max(20).optional(),
  maxwidth: dimension('maxwidth'),
  maxheight: dimension('maxheight'),
});
export type OembedQuery = z.infer<typeof oembedQuery>;

/** The oEmbed 1.0 answer (https://oembed.com), type rich. */
export const oembedAnswer = z.object({
  type: z.literal('rich'),
  version: z.literal('1.0'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.literal('HFM'),
  provider_url: z.string(),
  cache_age: z.number(),
  html: z.string(),
  width: z.number(),
  height: z.number(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().optional(),
  thumbnail_height: z.number().optional(),
});
export type OembedAnswer = z.infer<typeof oembedAnswer>;
