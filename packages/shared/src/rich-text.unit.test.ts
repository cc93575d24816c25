import { describe, expect, it } from 'vitest';
import { ANCHOR_ID, DOCUMENT_TAGS, isAllowedHref, isSitePath, RICH_TEXT_TAGS } from './rich-text.js';

describe('the rich-text allow-list', () => {
  it('documents hold rich text plus h4', () => {
    expect(DOCUMENT_TAGS).toEqual([...RICH_TEXT_TAGS, 'h4']);
    expect(RICH_TEXT_TAGS).toContain('h2');
    expect(RICH_TEXT_TAGS).not.toContain('h4');
  });

  it.each([
    // [href, a link to another site, a path inside the site]
    ['https://band.test/a?b=1', true, false],
    ['http://band.test', true, false],
    ['HTTPS://BAND.TEST', true, false],
    ['mailto:hi@band.test', true, false],
    ['  https://band.test  ', true, false],
    ['https://', false, false],
    ['javascript:alert(1)', false, false],
    ['jav\tascript:alert(1)', false, false],
    ['data:text/html,x', false, false],
    ['ftp://band.test', false, false],
    ['tel:+15555550100', false, false],
    ['/main/#/privacy-policy', false, true],
    [' /members ', false, true],
    ['//evil.test', false, false],
    ['/\\evil.test', false, false],
    ['/a b', false, false],
    ['members', false, false],
    ['', false, false],
    [undefined, false, false],
    [null, false, false],
  ])('%j: another site %s, inside the site %s', (href, other, inside) => {
    expect(isAllowedHref(href)).toBe(other);
    expect(isSitePath(href)).toBe(inside);
  });

  it.each([
    ['userGuidelines', true],
    ['ok-id_2', true],
    ['a', true],
    ['1bad', false],
    ['has space', false],
    ['-x', false],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
  ])('%j is an anchor id: %s', (id, valid) => expect(ANCHOR_ID.test(id)).toBe(valid));
});
