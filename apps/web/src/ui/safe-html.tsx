import { useMemo } from 'react';

/** What rich text (the bio editor's output) may hold; everything else is dropped, keeping its text. */
const ALLOWED_TAGS = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'UL', 'OL', 'LI', 'A', 'BLOCKQUOTE']);
/** Documents (terms, policies) also hold headings, with their anchor ids. */
const DOCUMENT_TAGS = new Set([...ALLOWED_TAGS, 'H2', 'H3', 'H4']);
const HEADINGS = new Set(['H2', 'H3', 'H4']);
/** Dropped with their content. */
const DROPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'svg', 'math']);
const SAFE_HREF = /^(https?:|mailto:)/i;
/** A path inside the site (`/main/#/privacy-policy`): one leading slash, no backslash, no spaces. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
const ANCHOR_ID = /^[A-Za-z][\w-]{0,63}$/;

interface SanitizeRules {
  tags: Set<string>;
  /** Documents keep heading anchors and links to paths inside the site. */
  document: boolean;
}

const RICH_TEXT: SanitizeRules = { tags: ALLOWED_TAGS, document: false };
const DOCUMENT: SanitizeRules = { tags: DOCUMENT_TAGS, document: true };

/**
 * Rich text from the server, shown as HTML. The server sanitises it already; this keeps to the same small
 * set of tags again (no attributes but a link's http(s)/mailto href), so a slip there can never run script here.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function sanitizeHtml(html: string): string {
  return sanitizeWith(html, RICH_TEXT);
}

/**
 * A document's HTML (terms, policies), sanitised as the server does it: rich text plus h2-h4 with their
 * anchor ids, and links to paths inside the site (which open in place; other links open a new tab).
 */
export function sanitizeDocumentHtml(html: string): string {
  return sanitizeWith(html, DOCUMENT);
}

function sanitizeWith(html: string, rules: SanitizeRules): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.createElement('div');
  copyChildren(parsed.body, out, rules);
  return out.innerHTML;
}

function copyChildren(from: Node, to: Node, rules: SanitizeRules) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    if (DROPPED_TAGS.has(element.tagName) || DROPPED_TAGS.has(element.localName)) continue;
    if (!rules.tags.has(element.tagName)) {
      copyChildren(element, to, rules);
      continue;
    }
    const copy = document.createElement(element.tagName.toLowerCase());
    if (element.tagName === 'A') copyHref(element, copy, rules);
    if (rules.document && HEADINGS.has(element.tagName)) {
      const id = element.getAttribute('id')?.trim() ?? '';
      if (ANCHOR_ID.test(id)) copy.setAttribute('id', id);
    }
    copyChildren(element, copy, rules);
    to.appendChild(copy);
  }
}

function copyHref(element: Element, copy: Element, rules: SanitizeRules) {
  const href = element.getAttribute('href')?.trim() ?? '';
  if (rules.document && SITE_PATH.test(href)) {
    copy.setAttribute('href', href);
  } else if (SAFE_HREF.test(href)) {
    copy.setAttribute('href', href);
    copy.setAttribute('rel', 'noopener noreferrer nofollow');
    copy.setAttribute('target', '_blank');
  }
}
