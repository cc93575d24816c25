/**
 * The web's sanitiser: DOMPurify configured from the shared allow-list (@hfm/shared rich-text.ts). Import it
 * lazily (SafeHtml, the legal pages' structure): DOMPurify stays off the first load of a page.
 */
import {
  ANCHOR_ID,
  DOCUMENT_ATTRIBUTES,
  DOCUMENT_TAGS,
  DROPPED_WITH_CONTENT,
  isAllowedHref,
  isSitePath,
  LINK_REL,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
} from '@hfm/shared';
import DOMPurify from 'dompurify';

interface SanitizeRules {
  tags: readonly string[];
  attributes: Readonly<Record<string, readonly string[]>>;
  /** Documents keep heading anchors and links to paths inside the site. */
  document: boolean;
}

const RICH_TEXT: SanitizeRules = { tags: RICH_TEXT_TAGS, attributes: RICH_TEXT_ATTRIBUTES, document: false };
const DOCUMENT: SanitizeRules = { tags: DOCUMENT_TAGS, attributes: DOCUMENT_ATTRIBUTES, document: true };

export function sanitizeHtml(html: string): string {
  return sanitizeWith(html, RICH_TEXT);
}

/**
 * A document's HTML (terms, policies), sanitised as the server does it: rich text plus h4 with the headings'
 * anchor ids, and links to paths inside the site (which open in place; other links open a new tab).
 */
export function sanitizeDocumentHtml(html: string): string {
  return sanitizeWith(html, DOCUMENT);
}

function sanitizeWith(html: string, rules: SanitizeRules): string {
  if (!html) return '';
  // DOMPurify keeps the listed tags and attributes (any attribute on any listed tag); the walk below then
  // keeps each tag's own attributes only and decides the links, as the server's second look does.
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...rules.tags],
    ALLOWED_ATTR: [...new Set(Object.values(rules.attributes).flat())],
    FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
    KEEP_CONTENT: true,
    // Parsed inside the body, as the server reads it: a leading noscript or style would go to the head.
    FORCE_BODY: true,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const element of Array.from(fragment.querySelectorAll('*'))) tidy(element, rules);
  const out = document.createElement('div');
  out.append(fragment);
  return out.innerHTML;
}

/** One element after DOMPurify: only its tag's attributes; a link's address decided; a heading's anchor checked. */
function tidy(element: Element, rules: SanitizeRules) {
  const tag = element.localName;
  const allowed = rules.attributes[tag] ?? [];
  for (const name of element.getAttributeNames()) if (!allowed.includes(name)) element.removeAttribute(name);
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim();
    element.removeAttribute('rel');
    if (rules.document && isSitePath(href)) {
      element.setAttribute('href', href);
    } else if (isAllowedHref(href)) {
      element.setAttribute('href', href);
      element.setAttribute('rel', LINK_REL);
      element.setAttribute('target', '_blank');
    } else {
      element.replaceWith(...Array.from(element.childNodes));
    }
  } else if (element.hasAttribute('id') && !ANCHOR_ID.test(element.getAttribute('id')!.trim())) {
    element.removeAttribute('id');
  } else if (element.hasAttribute('id')) {
    element.setAttribute('id', element.getAttribute('id')!.trim());
  }
}
