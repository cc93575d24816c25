import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';

/**
 * What this process knows of the catalogue's version (docs/decisions/0059), as an `epoch`: a local counter
 * that goes up whenever the catalogue may have changed. A read model built at an epoch holds for that epoch
 * only, and while no release has come since it was built.
 *
 * - A write of a table the read models read bumps `catalogue_version` in its transaction (triggers,
 *   migrations/0023) and notifies at commit: this process hears its own commits before they return, so the
 *   writer never reads what it has just changed from the cache; other processes hear it within moments.
 * - On PostgreSQL the sum of `catalogue_version` is polled besides (POLL_MS), for a notification that went
 *   nowhere (a connection being replaced). PGlite belongs to this process alone: every write is heard.
 * - Time also changes what fans see (a scheduled song comes out at its minute, a dated one at midnight): the
 *   next such moment is read with the version, and the epoch goes up when it comes.
 *
 * `current()` is the cheap check: a number compared in memory, unless the epoch moved since the version was
 * last read (then one small statement reads it again, one at a time for every caller).
 */
export interface CatalogueVersion {
  /** The epoch read models may be cached at, or null while the catalogue keeps changing under the check. */
  current(): number | null | Promise<number | null>;
  /** Whether `epoch` is still current (a build started at it may be kept). */
  isCurrent(epoch: number): boolean;
  close(): void;
}

/** How often a PostgreSQL process reads the version when no notification came (a change shows within 1 s). */
export const POLL_MS = 500;
/** A next release further off than this is read again then (the clocks of the two machines may drift). */
const LONGEST_VALIDITY_MS = 60_000;
/** Attempts at reading a version no write moves under; then the caller reads the database itself. */
const ATTEMPTS = 3;

interface VersionRow extends Record<string, unknown> {
  version: string;
  now: Date | string;
  next_release: Date | string | null;
}

/** The version, the database's time and the next release: three index lookups in one statement. */
const readVersion = sql`select coalesce(sum(version), 0)::text as version, now() as now,
  least((select min(release_at) from songs where release_at > now()),
        (select min(release_date) from songs where release_date > current_date)::timestamptz) as next_release
  from catalogue_version`;

const toTime = (value: Date | string) => (value instanceof Date ? value.getTime() : new Date(value).getTime());

export function createCatalogueVersion(
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'onCatalogueChange'>,
  options: { pollMs?: number } = {},
): CatalogueVersion {
  let epoch = 0;
  /** The epoch the last reading of the version holds for (-1: none yet). */
  let readAt = -1;
  /** The version that reading saw. */
  let seen: string | null = null;
  /** Local time until which that reading holds (the next release, on the database's clock, read safely). */
  let validUntil = 0;
  let reading: Promise<void> | null = null;

  const stopListening = database.onCatalogueChange(() => {
    epoch++;
  });

  async function read(): Promise<void> {
    const before = epoch;
    const started = Date.now();
    // Both drivers answer `{ rows }`.
    const { rows } = (await database.db.execute(readVersion)) as unknown as { rows: VersionRow[] };
    const row = rows[0]!;
    let expected = before;
    if (seen !== null && row.version !== seen) {
      epoch++;
      expected++;
    }
    seen = row.version;
    // A write heard during the reading may or may not be in it: the next check reads again.
    if (epoch !== expected) return;
    readAt = epoch;
    // The database's clock stood at `now` somewhere between `started` and the answer: the release is no
    // sooner, on this clock, than `started + (next - now)`.
    const next = row.next_release === null ? Infinity : toTime(row.next_release) - toTime(row.now);
    validUntil = started + Math.min(next, LONGEST_VALIDITY_MS);
  }

  function readOnce(): Promise<void> {
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  }

  const poll =
    database.kind === 'postgres'
      ? setInterval(() => void readOnce().catch(() => undefined), options.pollMs ?? POLL_MS)
      : undefined;
  poll?.unref();

  async function settle(): Promise<number | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      await readOnce();
      if (readAt === epoch && Date.now() < validUntil) return epoch;
    }
    return null;
  }

  return {
    current() {
      if (readAt === epoch) {
        if (Date.now() < validUntil) return epoch;
        // A release came: what was built before it no longer holds.
        epoch++;
      }
      return settle();
    },
    isCurrent: (at) => at === epoch,
    close() {
      stopListening();
      if (poll) clearInterval(poll);
    },
  };
}
