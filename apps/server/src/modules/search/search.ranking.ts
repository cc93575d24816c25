import { TITLE_BANDS, type TitleBand } from '../../platform/db/schema/catalogue.js';

/** What a candidate is ranked by: exact, then prefix, then trigram distance, then shorter, then text. */
export interface Ranked {
  id: string;
  rankExact: boolean;
  rankPrefix: boolean;
  rankDistance: number;
  rankLength: number;
}

export type MatchKind = 'contains' | 'startsWith';

/**
 * Each candidate set is the nearest `limit * CANDIDATES_PER_RESULT` rows by distance alone (the index's
 * order, so the scan stops there); ties are then broken among them. Ordering the scan by the tie-breakers
 * too would make it read every row at the last distance.
 */
export const CANDIDATES_PER_RESULT = 2;

function bestFirst<T extends Ranked & { text: string }>(a: T, b: T): number {
  return (
    Number(b.rankExact) - Number(a.rankExact) ||
    Number(b.rankPrefix) - Number(a.rankPrefix) ||
    a.rankDistance - b.rankDistance ||
    a.rankLength - b.rankLength ||
    (a.text < b.text ? -1 : a.text > b.text ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The best `limit` of the nearest rows containing the term and, when needed, the nearest rows starting with
 * it. Exact, then prefix, then distance is then exact: a prefix match nearer than the page is in the second
 * set; any other row in the page is among the nearest of the first.
 *
 * The second walk is needed only when the first can have missed a prefix match of the page: when it
 * stopped at its limit with fewer than `limit` prefix matches. If it found fewer rows than it asked for, it
 * holds every row containing the term; if it holds `limit` prefix matches, those are the nearest prefix
 * matches and fill the page. PGlite runs one statement at a time, so a walk saved is time saved (decision
 * 0019).
 */
export async function bestOf<T extends Ranked>(
  candidates: (kind: MatchKind) => Promise<T[]>,
  textOf: (row: T) => string,
  limit: number,
): Promise<T[]> {
  const containing = await candidates('contains');
  const prefixes = containing.filter((row) => row.rankPrefix).length;
  const complete = containing.length < limit * CANDIDATES_PER_RESULT || prefixes >= limit;
  const starting = complete ? [] : await candidates('startsWith');
  const unique = new Map([...containing, ...starting].map((row) => [row.id, row]));
  return [...unique.values()]
    .map((row) => ({ row, id: row.id, text: textOf(row), ...pickRank(row) }))
    .sort(bestFirst)
    .slice(0, limit)
    .map(({ row }) => row);
}

function pickRank(row: Ranked): Omit<Ranked, 'id'> {
  return {
    rankExact: row.rankExact,
    rankPrefix: row.rankPrefix,
    rankDistance: row.rankDistance,
    rankLength: row.rankLength,
  };
}

/**
 * The nearest `wanted` rows over the title bands, shortest titles first: a band's titles are at least
 * `1 - m / fewest` away from a term of m trigrams, so once that is no nearer than the `wanted`-th row found,
 * this band and the longer ones cannot improve the set.
 */
export async function nearestOverBands<T extends { rankDistance: number; termTrigrams: number }>(
  walk: (band: TitleBand) => Promise<T[]>,
  wanted: number,
): Promise<T[]> {
  let found: T[] = [];
  for (const band of TITLE_BANDS) {
    const kth = found[wanted - 1];
    if (kth && band.fewest > 0 && 1 - kth.termTrigrams / band.fewest >= kth.rankDistance) break;
    found = [...found, ...(await walk(band))].sort((a, b) => a.rankDistance - b.rankDistance);
  }
  return found.slice(0, wanted);
}
