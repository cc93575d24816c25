/** A count with its noun, as people read it: '1 song', '0 albums', '1,204 artists'. */

const plural = new Intl.PluralRules('en-US');
const number = new Intl.NumberFormat('en-US');

/** The noun alone for a count: nounFor(1, 'song') is 'song', nounFor(2, 'song') is 'songs'. */
export function nounFor(count: number, one: string, other = `${one}s`): string {
  return plural.select(count) === 'one' ? one : other;
}

/** countOf(1, 'song'): '1 song'; countOf(0, 'album'): '0 albums'; countOf(2, 'Hi Five'): '2 Hi Fives'. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${number.format(count)} ${nounFor(count, one, other)}`;
}
