import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Song titles in bands by their number of distinct trigrams (pg_trgm's `show_trgm`), each band with a GiST
 * trigram index of its own (migration 0011, decision 0019). A title with n trigrams is at least
 * `1 - m / n` away from a term with m trigrams (similarity is shared / all, at most m / n), so a search walks
 * the bands from the shortest titles up and stops once the next band cannot hold a nearer title. On the
 * 200,000-song bench catalogue the bands hold about 23, 32, 25 and 18% of the titles.
 */
export const TITLE_BANDS = [
  { name: 'short', fewest: 0, most: 13 },
  { name: 'medium', fewest: 14, most: 16 },
  { name: 'long', fewest: 17, most: 19 },
  { name: 'longest', fewest: 20, most: null },
] as const;

export type TitleBand = (typeof TITLE_BANDS)[number];

/** The number of distinct trigrams of the lowercased text, as pg_trgm's similarity counts them. */
export function trigramCount(text: AnyColumn | SQL): SQL {
  return sql`coalesce(array_length(show_trgm(lower(${text})), 1), 0)`;
}

/**
 * The band's condition, written exactly as its partial index's predicate (constants inline), so the planner
 * proves the index applies.
 */
export function inTitleBand(title: AnyColumn, band: TitleBand): SQL {
  const count = trigramCount(title);
  const fewest = sql.raw(String(band.fewest));
  return band.most === null
    ? sql`${count} >= ${fewest}`
    : sql`(${count} >= ${fewest} and ${count} <= ${sql.raw(String(band.most))})`;
}
