import sanitize from 'sanitize-html';

const LINK_SCHEMES = ['http', 'https', 'mailto'];
export const LINK_REL = 'noopener noreferrer nofollow';

/** A link keeps its href only when it is an absolute http, https or mailto address. */
function isAllowedHref(href: string | undefined): href is string {
  if (!href) return false;
  try {
    return LINK_SCHEMES.includes(new URL(href.trim()).protocol.replace(/:$/, ''));
  } catch {
    return false;
  }
}

const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'blockquote'];

const BASE_OPTIONS: sanitize.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: LINK_SCHEMES,
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

/** A heading's anchor (#userGuidelines): a letter, then letters, digits, '-' or '_'. */
const ANCHOR_ID = /^[A-Za-z][\w-]{0,63}$/;
/** A path inside the site (`/main/#/privacy-policy`): one leading slash, no backslash, no spaces. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

const DOCUMENT_TAGS = [...RICH_TEXT_TAGS, 'h4'];

const DOCUMENT_BASE: sanitize.IOptions = {
  ...BASE_OPTIONS,
  allowedTags: DOCUMENT_TAGS,
  allowedAttributes: { a: ['href', 'rel'], h2: ['id'], h3: ['id'], h4: ['id'] },
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
      if (href && SITE_PATH.test(href)) return { tagName: 'a', attribs: { href } };
      if (isAllowedHref(href)) return { tagName: 'a', attribs: { href: href!, rel: LINK_REL } };
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
