import { useMemo } from 'react';

/** What rich text (the bio editor's output) may hold; everything else is dropped, keeping its text. */
const ALLOWED_TAGS = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'UL', 'OL', 'LI', 'A', 'BLOCKQUOTE']);
/** Dropped with their content. */
const DROPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'svg', 'math']);
const SAFE_HREF = /^(https?:|mailto:)/i;

/**
 * Rich text from the server, shown as HTML. The server sanitises it already; this keeps to the same small
 * set of tags again (no attributes but a link's http(s)/mailto href), so a slip there can never run script here.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.createElement('div');
  copyChildren(parsed.body, out);
  return out.innerHTML;
}

function copyChildren(from: Node, to: Node) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    if (DROPPED_TAGS.has(element.tagName) || DROPPED_TAGS.has(element.localName)) continue;
    if (!ALLOWED_TAGS.has(element.tagName)) {
      copyChildren(element, to);
      continue;
    }
    const copy = document.createElement(element.tagName.toLowerCase());
    if (element.tagName === 'A') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (SAFE_HREF.test(href)) {
        copy.setAttribute('href', href);
        copy.setAttribute('rel', 'noopener noreferrer nofollow');
        copy.setAttribute('target', '_blank');
      }
    }
    copyChildren(element, copy);
    to.appendChild(copy);
  }
}
