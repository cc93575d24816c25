import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './safe-html';

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
