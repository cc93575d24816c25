import { DOCUMENT_CASES, LEGAL_DOCUMENTS, RICH_TEXT_CASES } from '@hfm/shared';
import { describe, expect, it } from 'vitest';
import { LINK_REL, richTextToPlainText, sanitizeDocumentHtml, sanitizeRichText } from './sanitize-html.js';

const rel = `rel="${LINK_REL}"`;

// The same table as the web's sanitiser test (@hfm/shared rich-text-cases.ts): one allow-list.
describe('the shared rich-text and document tables', () => {
  it.each(RICH_TEXT_CASES.map((row) => [row.name, row] as const))('rich text: %s', (_name, row) => {
    expect(sanitizeRichText(row.html)).toBe(row.clean);
  });
  it.each(DOCUMENT_CASES.map((row) => [row.name, row] as const))('document: %s', (_name, row) => {
    expect(sanitizeDocumentHtml(row.html)).toBe(row.clean);
  });
});

describe('sanitizeRichText: the bio editor’s markup survives, everything else is stripped', () => {
  it('keeps the allowed tags as they are', () => {
    const html =
      '<h2>About</h2><h3>Us</h3><p>We <strong>play</strong> <em>loud</em> <b>b</b> <i>i</i> <u>u</u> <s>s</s><br />' +
      'music</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['a script and its contents', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['a style and its contents', '<style>p{color:red}</style><p>hi</p>', '<p>hi</p>'],
    ['an image with onerror', '<p>a<img src="x" onerror="alert(1)" />b</p>', '<p>ab</p>'],
    ['event handlers and styles on allowed tags', '<p onclick="x()" style="color:red" class="c">t</p>', '<p>t</p>'],
    ['tags outside the list, keeping their text', '<div><span>hi</span> <h1>big</h1></div>', 'hi big'],
    ['an iframe', '<iframe src="https://evil.test"></iframe><p>x</p>', '<p>x</p>'],
  ])('removes %s', (_case, html, clean) => {
    expect(sanitizeRichText(html)).toBe(clean);
  });

  it.each([
    ['javascript:', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: hidden by an entity', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['data:', '<a href="data:text/html,<b>x</b>">x</a>'],
    ['a relative address', '<a href="/members">x</a>'],
    ['a protocol-relative address', '<a href="//evil.test">x</a>'],
    ['no address', '<a name="top">x</a>'],
  ])('turns a link with %s into its text', (_case, html) => {
    expect(sanitizeRichText(`<p>${html} after</p>`)).toBe('<p>x after</p>');
  });

  it('keeps http, https and mailto links with rel noopener noreferrer nofollow and nothing else', () => {
    const html =
      '<p><a href="https://band.test/a?b=1" target="_blank" rel="opener" onclick="x()">site</a> ' +
      '<a href="http://band.test">old</a> <a href="mailto:hi@band.test">mail</a></p>';
    expect(sanitizeRichText(html)).toBe(
      `<p><a href="https://band.test/a?b=1" ${rel}>site</a> <a href="http://band.test" ${rel}>old</a> ` +
        `<a href="mailto:hi@band.test" ${rel}>mail</a></p>`,
    );
  });

  it('closes every tag it keeps after a refused link', () => {
    const html = '<p><a href="/x">a</a><a href="https://ok.test">b</a></p><p>c</p>';
    expect(sanitizeRichText(html)).toBe(`<p>a<a href="https://ok.test" ${rel}>b</a></p><p>c</p>`);
  });
});

describe('richTextToPlainText: what is left once markup is stripped', () => {
  it.each([
    ['empty paragraphs', '<p></p><p><br></p>', ''],
    ['non-breaking spaces', '<p>&nbsp;</p><p>&#160; \u00a0</p>', ''],
    ['a script only', '<script>alert(1)</script>', ''],
    ['words', '<p>Loud <b>band</b></p>', 'Loud band'],
    ['an entity that is a character', '<p>&amp;</p>', '&amp;'],
  ])('%s', (_case, html, text) => {
    expect(richTextToPlainText(sanitizeRichText(html))).toBe(text);
  });
});

describe('sanitizeDocumentHtml: the legal documents’ markup', () => {
  it('keeps headings with their anchors (a safe id only), lists, bold, and links inside the site without our rel', () => {
    const html =
      '<h2 id="userGuidelines" class="x">Guidelines</h2><h3 id="1bad">Sub</h3><h4 id="ok-id_2">Small</h4>' +
      '<p><a href="/main/#/privacy-policy" target="_blank" rel="opener">policy</a> ' +
      '<a href="mailto:hi@band.test">mail</a> <a href="//evil.test/x">evil</a> <a href="/\\evil.test">back</a> ' +
      '<a href="javascript:alert(1)">js</a> <strong>bold</strong></p><h1>Big</h1><img src="x" onerror="y()">';
    expect(sanitizeDocumentHtml(html)).toBe(
      '<h2 id="userGuidelines">Guidelines</h2><h3>Sub</h3><h4 id="ok-id_2">Small</h4>' +
        `<p><a href="/main/#/privacy-policy">policy</a> <a href="mailto:hi@band.test" ${rel}>mail</a> evil back ` +
        'js <strong>bold</strong></p>Big',
    );
  });

  it('answers one canonical form: no space between blocks, list items without a lone paragraph', () => {
    expect(
      sanitizeDocumentHtml('<p>a</p>\n  <ul>\n<li><p>one</p></li>\n<li><p>two</p><ul><li>x</li></ul></li></ul>'),
    ).toBe('<p>a</p><ul><li>one</li><li><p>two</p><ul><li>x</li></ul></li></ul>');
  });

  it.each(LEGAL_DOCUMENTS.map((document) => [document.key, document.content] as const))(
    'the %s seed and the same text as the editor writes it compare equal',
    (_key, content) => {
      const asEditorWritesIt = content
        .replace(/\n/g, '')
        .replace(/<li>(.*?)<\/li>/g, '<li><p>$1</p></li>')
        .replace(/<a href="([^"]*)">/g, '<a target="_blank" rel="noopener noreferrer nofollow" href="$1">');
      expect(sanitizeDocumentHtml(asEditorWritesIt)).toBe(sanitizeDocumentHtml(content));
    },
  );
});
