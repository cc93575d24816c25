/**
 * The search term rule, one for every search box and route (the catalogue's, the genre type-ahead, the
 * playlist song picker): a term is looked for once it has SEARCH_MIN_LENGTH characters after trimming.
 * Characters are counted as a reader counts them, in code points: an emoji is one (not its two UTF-16
 * units); a combining mark is one of its own ('e' + U+0301 is two).
 */

/** Fewer characters than this (after trimming) answer an empty list, and the web does not ask. */
export const SEARCH_MIN_LENGTH = 3;

/** The characters of a text, in code points. */
export function searchTermLength(text: string): number {
  return [...text].length;
}

/** Whether a term is long enough to be looked for: SEARCH_MIN_LENGTH code points once trimmed. */
export function isSearchTerm(text: string): boolean {
  return searchTermLength(text.trim()) >= SEARCH_MIN_LENGTH;
}
