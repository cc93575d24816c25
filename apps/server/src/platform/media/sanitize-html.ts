/** The server's sanitiser (sanitize-html), configured from the shared allow-list (@hfm/shared rich-text.ts). */
import {
  ANCHOR_ID,
  DOCUMENT_ATTRIBUTES,
  DOCUMENT_TAGS,
  DROPPED_WITH_CONTENT,
  isAllowedHref,
  isSitePath,
  LINK_REL,
  LINK_SCHEMES,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
} from '@hfm/shared';
import sanitize from 'sanitize-html';

export { LINK_REL };

const attributes = (list: Readonly<Record<string, readonly string[]>>) =>
  Object.fromEntries(Object.entries(list).map(([tag, names]) => [tag, [...names]]));

const BASE_OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: attributes(RICH_TEXT_ATTRIBUTES),
  nonTextTags: [...DROPPED_WITH_CONTENT],
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/**
 * First pass: links get our rel, and a link without an allowed address becomes a bare span. The span is
 * allowed here and dropped (text kept) by the second pass: sanitize-html closes a tag renamed to a
 * disallowed one with the wrong name, so the renaming and the dropping cannot happen in one pass.
 */
const LINK_PASS: sanitize.IOptions = {
  ...BASE_OPTIONS,
  allowedTags: [...RICH_TEXT_TAGS, 'span'],
  transformTags: {
    a: (_tagName, attribs): sanitize.Tag =>
      isAllowedHref(attribs.href)
        ? { tagName: 'a', attribs: { href: attribs.href.trim(), rel: LINK_REL } }
        : { tagName: 'span', attribs: {} },
  },
};

/**
 * Rich text from an editor (the artist bio): paragraphs, line breaks, emphasis, lists, h2/h3, quotes and
 * links (http, https, mailto; rel noopener noreferrer nofollow). Everything else is stripped; the
 * contents of script and style go with them.
 */
export function sanitizeRichText(html: string): string {
  return sanitize(sanitize(html, LINK_PASS), BASE_OPTIONS).trim();
}

const NON_BREAKING_SPACES = /&nbsp;|&#160;|&#x0*a0;/gi;

/** The text a reader would see, without any markup (entities other than spaces stay as written). */
export function richTextToPlainText(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} })
    .replace(NON_BREAKING_SPACES, ' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

const DOCUMENT_BASE: sanitize.IOptions = {
  ...BASE_OPTIONS,
  allowedTags: [...DOCUMENT_TAGS],
  allowedAttributes: attributes(DOCUMENT_ATTRIBUTES),
};

function keepAnchor(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const id = attribs.id?.trim();
  return { tagName, attribs: id && ANCHOR_ID.test(id) ? { id } : {} };
}

/** First pass for documents: links to other sites get our rel, links inside the site stay as they are. */
const DOCUMENT_LINK_PASS: sanitize.IOptions = {
  ...DOCUMENT_BASE,
  allowedTags: [...DOCUMENT_TAGS, 'span'],
  transformTags: {
    a: (_tagName, attribs): sanitize.Tag => {
      const href = attribs.href?.trim();
      if (isSitePath(href)) return { tagName: 'a', attribs: { href } };
      if (isAllowedHref(href)) return { tagName: 'a', attribs: { href, rel: LINK_REL } };
      return { tagName: 'span', attribs: {} };
    },
    h2: keepAnchor,
    h3: keepAnchor,
    h4: keepAnchor,
  },
};

/** Space between block tags, which browsers ignore and editors write or not. */
const SPACE_BETWEEN_BLOCKS = /(<\/(?:p|h2|h3|h4|ul|ol|li|blockquote)>|<(?:ul|ol|li|blockquote)>)\s+(?=<)/g;
/** A list item holding one paragraph (as the editor writes every item) is the same as the bare item. */
const ITEM_PARAGRAPH = /<li><p>((?:(?!<\/?p>).)*)<\/p><\/li>/gs;

/**
 * The site's documents (terms, policies) as the admin's editor writes them: the rich text above plus h4,
 * headings' anchor ids, and links to paths inside the site (`/main/#/privacy-policy`, without our rel).
 * The answer is in one canonical form (no space between blocks, list items without a lone paragraph), so
 * the same text saved from the editor or from a seed compares equal and is not published as a change.
 */
export function sanitizeDocumentHtml(html: string): string {
  return sanitize(sanitize(html, DOCUMENT_LINK_PASS), DOCUMENT_BASE)
    .trim()
    .replace(SPACE_BETWEEN_BLOCKS, '$1')
    .replace(ITEM_PARAGRAPH, '<li>$1</li>');
}
