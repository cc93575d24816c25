import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml, sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it.each([
    [
      'keeps simple formatting',
      '<p>Hi <strong>there</strong> <em>you</em></p><ul><li>one</li></ul>',
      '<p>Hi <strong>there</strong> <em>you</em></p><ul><li>one</li></ul>',
    ],
    ['drops scripts with their content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['drops event handlers and styles', '<p onclick="x()" style="color:red">a</p>', '<p>a</p>'],
    ['keeps the text of unknown tags', '<div><h1>Big</h1><span>small</span></div>', 'Bigsmall'],
    ['drops an image (and its onerror)', '<img src=x onerror="alert(1)">b', 'b'],
    [
      'keeps safe links, opening in a new tab',
      '<a href="https://example.com">x</a>',
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    ['drops a javascript: link target', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ])('%s', (_, html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });
});

describe('sanitizeDocumentHtml', () => {
  it.each([
    [
      'keeps headings with a safe anchor id, dropping other attributes',
      '<h2 id="userGuidelines" class="x" onclick="y()">Guidelines</h2><h3 id="1 bad">Sub</h3><h4>Small</h4>',
      '<h2 id="userGuidelines">Guidelines</h2><h3>Sub</h3><h4>Small</h4>',
    ],
    [
      'keeps links inside the site, opening in place',
      '<a href="/main/#/privacy-policy" target="_blank">policy</a>',
      '<a href="/main/#/privacy-policy">policy</a>',
    ],
    [
      'opens other sites in a new tab',
      '<a href="mailto:hi@hfm.music">mail</a>',
      '<a href="mailto:hi@hfm.music" rel="noopener noreferrer nofollow" target="_blank">mail</a>',
    ],
    [
      'drops a protocol-relative or backslash link',
      '<a href="//evil.test">a</a><a href="/\\evil.test">b</a>',
      '<a>a</a><a>b</a>',
    ],
    ['still drops scripts and h1', '<h1>Big</h1><script>alert(1)</script><p>a</p>', 'Big<p>a</p>'],
  ])('%s', (_, html, expected) => {
    expect(sanitizeDocumentHtml(html)).toBe(expected);
  });

  it('rich text elsewhere keeps no headings, ids nor site links', () => {
    expect(sanitizeHtml('<h2 id="a">T</h2><a href="/main/#/x">x</a>')).toBe('T<a>x</a>');
  });
});
