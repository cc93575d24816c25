import { ANCHOR_ID } from '@hfm/shared';
import { sanitizeDocumentHtml } from '../../ui/sanitize';

export interface LegalSectionLink {
  /** The section's anchor on the page (#userGuidelines). */
  id: string;
  title: string;
}

export interface LegalStructure {
  /** What comes before the first section heading. */
  summaryHtml: string;
  sections: LegalSectionLink[];
  /** The sections, each a `<section>` with its numbered heading, as the page shows them. */
  bodyHtml: string;
}

/** An anchor from a heading's text, for a heading saved without one ('Who can use HFM' -> 'who-can-use-hfm'). */
function anchorFrom(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return /^[a-z]/.test(slug) ? slug : `section-${slug || 'untitled'}`;
}

/**
 * A document's HTML (sanitised here again) as the legal page lays it out: the text before the first h2 is the
 * summary; each h2 starts a numbered section whose anchor is the heading's id (so #userGuidelines keeps
 * working after an edit), with a contents entry. Under a page title that is itself an h2 (the tabs, `level`
 * 2), every heading moves one level down.
 */
export function structureLegalHtml(html: string, level: 1 | 2): LegalStructure {
  const parsed = new DOMParser().parseFromString(`<body>${sanitizeDocumentHtml(html)}</body>`, 'text/html');
  const summary = document.createElement('div');
  const body = document.createElement('div');
  const sections: LegalSectionLink[] = [];
  const used = new Set<string>();
  let current: HTMLElement | null = null;

  for (const node of Array.from(parsed.body.childNodes)) {
    if (node instanceof Element && node.tagName === 'H2') {
      const title = (node.textContent ?? '').trim();
      let id = ANCHOR_ID.test(node.id) ? node.id : anchorFrom(title);
      while (used.has(id)) id = `${id}-${used.size}`;
      used.add(id);
      sections.push({ id, title });
      current = document.createElement('section');
      current.id = id;
      current.className = 'legal-section';
      current.setAttribute('aria-labelledby', `${id}-title`);
      const heading = document.createElement(level === 1 ? 'h2' : 'h3');
      heading.id = `${id}-title`;
      heading.className = 'legal-section__title';
      const number = document.createElement('span');
      number.className = 'legal-section__number';
      number.textContent = `${sections.length}.`;
      heading.append(number, ' ', ...Array.from(node.childNodes));
      current.append(heading);
      body.append(current);
      continue;
    }
    const target = current ?? summary;
    target.append(level === 2 ? shiftHeadings(node) : node);
  }
  return { summaryHtml: summary.innerHTML, sections, bodyHtml: body.innerHTML };
}

/** h3 -> h4, h4 -> h5 (the node and what it holds), for a document shown under an h2. */
function shiftHeadings(node: Node): Node {
  if (!(node instanceof Element)) return node;
  const match = /^H([34])$/.exec(node.tagName);
  if (match) {
    const shifted = document.createElement(`h${Number(match[1]) + 1}`);
    if (node.id) shifted.id = node.id;
    shifted.append(...Array.from(node.childNodes));
    return shifted;
  }
  for (const child of Array.from(node.childNodes)) node.replaceChild(shiftHeadings(child), child);
  return node;
}
