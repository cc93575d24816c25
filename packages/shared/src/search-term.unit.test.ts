import { describe, expect, it } from 'vitest';
import { isSearchTerm, SEARCH_MIN_LENGTH, searchTermLength } from './search-term.js';

describe('the search term: at least SEARCH_MIN_LENGTH code points once trimmed', () => {
  it('is three characters', () => expect(SEARCH_MIN_LENGTH).toBe(3));

  it.each([
    // [term, its length in code points, looked for]
    ['', 0, false],
    ['ab', 2, false],
    ['abc', 3, true],
    ['  ab  ', 6, false],
    ['  abc ', 6, true],
    ['\tab\n', 4, false],
    ['a b', 3, true],
    // Emoji: one code point each, two UTF-16 units.
    ['🎸', 1, false],
    ['🎸🎹', 2, false],
    ['🎸🎹🥁', 3, true],
    ['a🎸', 2, false],
    // A combining mark counts on its own: 'e' + U+0301 is two, 'é' (precomposed) one.
    ['e\u0301', 2, false],
    ['e\u0301e', 3, true],
    ['é', 1, false],
    ['éé', 2, false],
    ['ééé', 3, true],
    // Letters outside the Basic Multilingual Plane.
    ['𝄞𝄞', 2, false],
    ['𝄞𝄞𝄞', 3, true],
    ['日本', 2, false],
    ['日本語', 3, true],
  ])('%j: %i code points, looked for: %s', (term, length, searched) => {
    expect(searchTermLength(term)).toBe(length);
    expect(isSearchTerm(term)).toBe(searched);
  });

  it('a two-emoji term is four UTF-16 units but not a search term (the rule counts code points)', () => {
    expect('🎸🎹'.length).toBe(4);
    expect(isSearchTerm('🎸🎹')).toBe(false);
  });
});
