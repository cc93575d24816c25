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
