/** A LIKE pattern matching text that contains `term` as typed: its `%`, `_` and `\` match themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
