import { DOCUMENT_CASES, RICH_TEXT_CASES, webClean } from '@hfm/shared';
import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml, sanitizeHtml } from './sanitize';

// The same table as the server's sanitiser test (@hfm/shared rich-text-cases.ts): one allow-list.
describe('sanitizeHtml: the shared rich-text table', () => {
  it.each(RICH_TEXT_CASES.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(sanitizeHtml(row.html)).toBe(webClean(row.clean));
  });
});

describe('sanitizeDocumentHtml: the shared document table', () => {
  it.each(DOCUMENT_CASES.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(sanitizeDocumentHtml(row.html)).toBe(webClean(row.clean));
  });

  it('rich text elsewhere keeps no heading ids nor site links', () => {
    expect(sanitizeHtml('<h2 id="a">T</h2><a href="/main/#/x">x</a>')).toBe('<h2>T</h2>x');
  });

  it('answers nothing for nothing', () => {
    expect(sanitizeHtml('')).toBe('');
  });
});
