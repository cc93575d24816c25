import { artistLeftNotice, type ArtistPage } from '@hfm/shared';
import type { PageMeta } from '../../http/web-app.js';
import { formatMailDate } from '../../platform/mail/templates.js';
import { richTextToPlainText } from '../../platform/media/sanitize-html.js';

/** What a shared link's preview shows (the /a/{slug} page's title and Open Graph tags). */
export interface ArtistShareCard {
  name: string;
  slug: string;
  /** The bio as rich text (sanitised when saved). */
  bio: string;
  /** The banner's address, else the first photo's (a /media path or a media URL), else null. */
  image: string | null;
  /** When the artist left HFM (licence terminated), else null: the preview then says so. */
  terminatedAt: Date | null;
}

/**
 * The preview of an artist's page, from the page's own answer: for ACTIVE artists and those who have left
 * (CANCELLED); null for any other (a page only the artist and admins see is not shared).
 */
export function artistShareCard(page: ArtistPage): ArtistShareCard | null {
  const { artist, offer, termination } = page;
  if (!offer.available && !termination) return null;
  return {
    name: artist.name,
    slug: artist.slug,
    bio: artist.bio,
    // The banner without the ?t= that makes browsers fetch it again after a change.
    image: artist.bannerImagePath?.replace(/\?t=\d+$/, '') ?? artist.photos[0] ?? null,
    terminatedAt: termination ? new Date(termination.terminatedAt) : null,
  };
}

/** Link previews show about this much of a bio. */
export const SHARE_DESCRIPTION_MAX = 200;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Character references back to characters (what sanitised rich text holds); unknown names stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The bio as plain text (blocks apart by a space, character references decoded), cut at a word to at
 * most `max` characters, with an ellipsis when cut. The caller escapes it for HTML.
 */
export function shareDescription(bioHtml: string, max = SHARE_DESCRIPTION_MAX): string {
  const spaced = bioHtml.replace(/<\/(p|h[1-6]|li|blockquote|div)\s*>|<br\s*\/?>/gi, (tag) => `${tag} `);
  const text = decodeEntities(richTextToPlainText(spaced)).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The title and link-preview tags of an artist's public page. */
export function artistPageMeta(card: ArtistShareCard, publicUrl: string): PageMeta {
  return {
    title: `${card.name} | HFM`,
    description: card.terminatedAt
      ? artistLeftNotice(card.name, formatMailDate(card.terminatedAt))
      : shareDescription(card.bio) || `Listen to ${card.name} on HFM.`,
    url: `${publicUrl}/a/${card.slug}`,
    image: card.image ? new URL(card.image, `${publicUrl}/`).href : null,
    type: 'music.musician',
  };
}
