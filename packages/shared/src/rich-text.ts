/**
 * The rich-text allow-list, one for the server's sanitiser (sanitize-html) and the web's (DOMPurify): the
 * tags, the attributes each may keep, the link schemes, and the tags dropped with their content. Rich text is
 * what the bio editor writes; documents (terms, policies) also hold h4, headings' anchor ids and links to
 * paths inside the site. Everything else is dropped, keeping its text.
 */

/** Rich text: paragraphs, line breaks, emphasis, lists, h2/h3, quotes and links. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'blockquote',
] as const;
/** Documents: rich text plus h4. */
export const DOCUMENT_TAGS = [...RICH_TEXT_TAGS, 'h4'] as const;

/** The attributes each tag may keep (a link's href and our rel; a document heading's anchor id). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'rel'] };
export const DOCUMENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'rel'],
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
};

/** Tags dropped together with their content (other tags outside the list keep their text). */
export const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript'] as const;

/** A link keeps its href only with one of these schemes (documents also link to paths inside the site). */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
/** The rel of every link to another site. */
export const LINK_REL = 'noopener noreferrer nofollow';

/** A heading's anchor (#userGuidelines): a letter, then letters, digits, '-' or '_'. */
export const ANCHOR_ID = /^[A-Za-z][\w-]{0,63}$/;
/** A path inside the site (`/main/#/privacy-policy`): one leading slash, no backslash, no spaces. */
export const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** WHATWG URL, in browsers and Node alike (this package is built without the DOM's or Node's types). */
declare const URL: new (href: string) => { protocol: string };

/** Whether a link keeps its href: an absolute address with an allowed scheme (after trimming). */
export function isAllowedHref(href: string | null | undefined): href is string {
  if (!href) return false;
  try {
    return (LINK_SCHEMES as readonly string[]).includes(new URL(href.trim()).protocol.replace(/:$/, ''));
  } catch {
    return false;
  }
}

/** Whether a document link keeps its href as a path inside the site (opened in place, without our rel). */
export function isSitePath(href: string | null | undefined): href is string {
  return !!href && SITE_PATH.test(href.trim());
}
