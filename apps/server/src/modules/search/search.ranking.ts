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
 * The best `limit` of the nearest rows containing the term and of the nearest rows starting with it (empty
 * when that walk was not needed). Exact, then prefix, then distance is then exact: a prefix match nearer
 * than the page is in the second set; any other row in the page is among the nearest of the first.
 */
export function bestOf<T extends Ranked>(
  containing: T[],
  starting: T[],
  textOf: (row: T) => string,
  limit: number,
): T[] {
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
