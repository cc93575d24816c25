import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artists } from '../../platform/db/schema/artists.js';
import { songs } from '../../platform/db/schema/catalogue.js';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { memberSongListens } from '../../platform/db/schema/engagement.js';
import { users } from '../../platform/db/schema/identity.js';
import {
  releaseBatches,
  releaseMails,
  releaseMailsArtistOff,
  releaseMailsOff,
  releaseSongs,
} from '../../platform/db/schema/releases.js';
import { curatedSongColumns, releasedSong } from '../access/index.js';
import { catalogueSongColumns } from '../discovery/index.js';

/**
 * The release notifications' SQL (docs/releases.md). Every write is idempotent on its own key (a song filed
 * once, one open batch per artist, one mail per fan and batch), so two sweeps racing, or a sweep retried after
 * a crash, add nothing twice.
 */

/** How far back a release may be and still be told: older songs (before this module ran) are not announced. */
const LOOKBACK = sql`interval '1 day'`;

/** When the song's release arrived: its scheduled minute or day, or its publication (ready) if later. */
export const releaseMoment = sql<Date>`greatest(coalesce(${songs.releaseAt}, ${songs.releaseDate}::timestamptz), ${songs.processedAt}, ${songs.createdAt})`;

export interface ArrivedSong {
  songId: string;
  artistId: string;
  releasedAt: Date;
}

/**
 * Released songs not filed yet, of artists with a current subscriber, whose release arrived within the lookback
 * (oldest first, `limit` at most).
 */
export async function findArrivedSongs(db: Database, now: Date, limit: number): Promise<ArrivedSong[]> {
  const rows = await db
    .select({ songId: songs.id, artistId: songs.artistId, releasedAt: releaseMoment.mapWith(songs.createdAt) })
    .from(songs)
    .where(
      and(
        releasedSong(),
        sql`${releaseMoment} <= ${now}`,
        sql`${releaseMoment} > ${now}::timestamptz - ${LOOKBACK}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(releaseSongs)
            .where(eq(releaseSongs.songId, songs.id)),
        ),
        // Only artists someone subscribes to now: there is nobody else to tell (and a large catalogue without
        // subscribers, as the benches seed, is not filed song by song).
        sql`exists (select 1 from ${subscriptions} where ${subscriptions.artistId} = ${songs.artistId}
          and ${subscriptions.status} = 'active' and ${subscriptions.currentPeriodEnd} > ${now})`,
      ),
    )
    .orderBy(asc(releaseMoment))
    .limit(limit);
  return rows;
}

/** The artist's open batch, made when there is none (two sweeps at once share one: the partial unique index). */
export async function openBatchOf(db: Database, artistId: string, firstAt: Date): Promise<string> {
  await db
    .insert(releaseBatches)
    .values({ artistId, firstReleaseAt: firstAt, lastReleaseAt: firstAt })
    .onConflictDoNothing({ target: releaseBatches.artistId, where: sql`${releaseBatches.closedAt} is null` });
  const [row] = await db
    .select({ id: releaseBatches.id })
    .from(releaseBatches)
    .where(and(eq(releaseBatches.artistId, artistId), isNull(releaseBatches.closedAt)))
    .for('update');
  return row!.id;
}

/** Files the songs in the batch (a song filed before stays where it is) and moves the batch's last release. */
export async function fileSongs(db: Database, batchId: string, arrived: ArrivedSong[]): Promise<number> {
  const added = await db
    .insert(releaseSongs)
    .values(arrived.map((song) => ({ songId: song.songId, batchId, releasedAt: song.releasedAt })))
    .onConflictDoNothing()
    .returning({ songId: releaseSongs.songId });
  const latest = new Date(Math.max(...arrived.map((song) => song.releasedAt.getTime())));
  await db
    .update(releaseBatches)
    .set({ lastReleaseAt: sql`greatest(${releaseBatches.lastReleaseAt}, ${latest})` })
    .where(eq(releaseBatches.id, batchId));
  return added.length;
}

/** Closes the open batches whose quiet window passed (or that waited the longest allowed). */
export async function closeQuietBatches(
  db: Database,
  now: Date,
  quietSeconds: number,
  maxWaitSeconds: number,
): Promise<number> {
  const closed = await db
    .update(releaseBatches)
    .set({ closedAt: now })
    .where(
      and(
        isNull(releaseBatches.closedAt),
        or(
          lte(releaseBatches.lastReleaseAt, new Date(now.getTime() - quietSeconds * 1000)),
          lte(releaseBatches.firstReleaseAt, new Date(now.getTime() - maxWaitSeconds * 1000)),
        ),
      ),
    )
    .returning({ id: releaseBatches.id });
  return closed.length;
}

/** Closed batches still fanning out, oldest first. */
export async function batchesToFanOut(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: releaseBatches.id })
    .from(releaseBatches)
    .where(and(sql`${releaseBatches.closedAt} is not null`, isNull(releaseBatches.fannedOutAt)))
    .orderBy(asc(releaseBatches.closedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * One step of a batch's fan-out, inside the caller's transaction: takes the batch's row lock (another sweep on
 * it skips it: null), adds a mail row for the next `chunk` fans in member id order (current subscribers, mails
 * on, account live), and moves the cursor. Answers the rows added and whether the batch is done.
 */
export async function fanOutStep(
  db: Database,
  batchId: string,
  now: Date,
  chunk: number,
): Promise<{ added: number; done: boolean } | null> {
  const [batch] = await db
    .select()
    .from(releaseBatches)
    .where(and(eq(releaseBatches.id, batchId), isNull(releaseBatches.fannedOutAt)))
    .for('update', { skipLocked: true });
  if (!batch) return null;
  const fans = await db
    .selectDistinct({ memberId: subscriptions.memberId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.memberId))
    .where(
      and(
        eq(subscriptions.artistId, batch.artistId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, now),
        inArray(users.status, ['ACTIVE', 'UNCONFIRMED']),
        batch.fanOutCursor ? gt(subscriptions.memberId, batch.fanOutCursor) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(releaseMailsOff)
            .where(eq(releaseMailsOff.memberId, subscriptions.memberId)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(releaseMailsArtistOff)
            .where(
              and(
                eq(releaseMailsArtistOff.memberId, subscriptions.memberId),
                eq(releaseMailsArtistOff.artistId, batch.artistId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(subscriptions.memberId))
    .limit(chunk);
  let added = 0;
  if (fans.length > 0) {
    const rows = await db
      .insert(releaseMails)
      .values(fans.map((fan) => ({ batchId, memberId: fan.memberId, artistId: batch.artistId, nextAttemptAt: now })))
      .onConflictDoNothing()
      .returning({ id: releaseMails.id });
    added = rows.length;
  }
  const done = fans.length < chunk;
  await db
    .update(releaseBatches)
    .set({ fanOutCursor: fans.at(-1)?.memberId ?? batch.fanOutCursor, fannedOutAt: done ? now : null })
    .where(eq(releaseBatches.id, batchId));
  return { added, done };
}

export interface ClaimedMail {
  id: string;
  batchId: string;
  memberId: string;
  artistId: string;
  attempts: number;
}

/**
 * Claims up to `limit` due mails for one sender (FOR UPDATE SKIP LOCKED: two senders never take the same row),
 * including claims older than `staleBefore`, whose worker died.
 */
export async function claimDueMails(
  db: Database,
  token: string,
  now: Date,
  staleBefore: Date,
  limit: number,
): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: releaseMails.id })
    .from(releaseMails)
    .where(
      and(
        isNull(releaseMails.sentAt),
        isNull(releaseMails.failedAt),
        lte(releaseMails.nextAttemptAt, now),
        or(isNull(releaseMails.claimedAt), lt(releaseMails.claimedAt, staleBefore)),
      ),
    )
    .orderBy(asc(releaseMails.nextAttemptAt), asc(releaseMails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(releaseMails)
    .set({ claimedAt: now, claimToken: token, attempts: sql`${releaseMails.attempts} + 1` })
    .where(inArray(releaseMails.id, due))
    .returning({
      id: releaseMails.id,
      batchId: releaseMails.batchId,
      memberId: releaseMails.memberId,
      artistId: releaseMails.artistId,
      attempts: releaseMails.attempts,
    });
}

/** Whether mails are still due (or claimed) now: the sender queues another batch while there are. */
export async function countDueMails(db: Database, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(releaseMails)
    .where(and(isNull(releaseMails.sentAt), isNull(releaseMails.failedAt), lte(releaseMails.nextAttemptAt, now)));
  return row?.n ?? 0;
}

/** Marks claimed mails sent (or skipped), only while this claim still holds them. */
export async function markMailsDone(
  db: Database,
  token: string,
  ids: string[],
  now: Date,
  outcome: 'sent' | 'skipped',
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(releaseMails)
    .set(outcome === 'sent' ? { sentAt: now, claimedAt: null } : { failedAt: now, skipped: true, claimedAt: null })
    .where(and(inArray(releaseMails.id, ids), eq(releaseMails.claimToken, token)));
}

/** A mail that failed: tried again after `retryAt`, or given up (`giveUp`). */
export async function markMailFailed(
  db: Database,
  token: string,
  id: string,
  error: string,
  retryAt: Date,
  giveUp: boolean,
): Promise<void> {
  await db
    .update(releaseMails)
    .set({ claimedAt: null, nextAttemptAt: retryAt, lastError: error.slice(0, 500), failedAt: giveUp ? retryAt : null })
    .where(and(eq(releaseMails.id, id), eq(releaseMails.claimToken, token)));
}

/** The recipients of claimed mails: address, first name, whether still live and still wanting the mails. */
export async function findRecipients(db: Database, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      status: users.status,
      allOff: sql<boolean>`exists (select 1 from ${releaseMailsOff} where ${releaseMailsOff.memberId} = ${users.id})`,
    })
    .from(users)
    .where(inArray(users.id, memberIds));
}

/** Which (member, artist) pairs of these turned the artist's mails off. */
export async function findArtistOffs(db: Database, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({ memberId: releaseMailsArtistOff.memberId, artistId: releaseMailsArtistOff.artistId })
    .from(releaseMailsArtistOff)
    .where(inArray(releaseMailsArtistOff.memberId, memberIds));
}

/** The songs each batch tells of (titles in release order) and its artist's name and slug. */
export async function findBatchContents(db: Database, batchIds: string[]) {
  if (batchIds.length === 0) return [];
  return db
    .select({
      batchId: releaseSongs.batchId,
      songId: songs.id,
      title: songs.title,
      artistId: artists.id,
      artistName: artists.name,
      artistSlug: artists.slug,
    })
    .from(releaseSongs)
    .innerJoin(songs, eq(songs.id, releaseSongs.songId))
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(inArray(releaseSongs.batchId, batchIds))
    .orderBy(asc(releaseSongs.releasedAt), asc(songs.title));
}

/** The fan's release-mail settings: all off, and the artists turned off. */
export async function findSettings(db: Database, memberId: string) {
  const [off] = await db.select().from(releaseMailsOff).where(eq(releaseMailsOff.memberId, memberId));
  const artistOffs = await db
    .select({ artistId: releaseMailsArtistOff.artistId })
    .from(releaseMailsArtistOff)
    .where(eq(releaseMailsArtistOff.memberId, memberId));
  return { allOff: Boolean(off), artistsOff: new Set(artistOffs.map((row) => row.artistId)) };
}

/** The artists the member subscribes to now (for the settings' list), by name. */
export async function subscribedArtists(db: Database, memberId: string, now: Date) {
  return db
    .selectDistinct({ id: artists.id, name: artists.name })
    .from(subscriptions)
    .innerJoin(artists, eq(artists.id, subscriptions.artistId))
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(artists.name), asc(artists.id));
}

export async function setAllOff(db: Database, memberId: string, off: boolean): Promise<void> {
  if (off) await db.insert(releaseMailsOff).values({ memberId }).onConflictDoNothing();
  else await db.delete(releaseMailsOff).where(eq(releaseMailsOff.memberId, memberId));
}

export async function setArtistOff(db: Database, memberId: string, artistId: string, off: boolean): Promise<void> {
  if (off) await db.insert(releaseMailsArtistOff).values({ memberId, artistId }).onConflictDoNothing();
  else
    await db
      .delete(releaseMailsArtistOff)
      .where(and(eq(releaseMailsArtistOff.memberId, memberId), eq(releaseMailsArtistOff.artistId, artistId)));
}

/** Whether the artist exists (an unsubscribe link may name one since deleted). */
export async function findArtistName(db: Database, artistId: string): Promise<string | null> {
  const [row] = await db.select({ name: artists.name }).from(artists).where(eq(artists.id, artistId));
  return row?.name ?? null;
}

/**
 * New for you: released songs of artists the member subscribes to now, filed as releases (so released in the
 * lookback or after), that the member has not played. Newest first, `limit` of them, and how many in all.
 */
export async function findNewForMember(db: Database, memberId: string, now: Date, limit: number) {
  const where = and(
    releasedSong(),
    sql`${songs.artistId} in (select ${subscriptions.artistId} from ${subscriptions} where ${subscriptions.memberId} = ${memberId}
      and ${subscriptions.status} = 'active' and ${subscriptions.currentPeriodEnd} > ${now})`,
    notExists(
      db
        .select({ one: sql`1` })
        .from(memberSongListens)
        .where(and(eq(memberSongListens.memberId, memberId), eq(memberSongListens.songId, songs.id))),
    ),
  );
  const items = await db
    .select({ ...catalogueSongColumns, ...curatedSongColumns(), releasedAt: releaseSongs.releasedAt })
    .from(releaseSongs)
    .innerJoin(songs, eq(songs.id, releaseSongs.songId))
    .innerJoin(artists, eq(artists.id, songs.artistId))
    .where(where)
    .orderBy(desc(releaseSongs.releasedAt), asc(songs.id))
    .limit(limit);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(releaseSongs)
    .innerJoin(songs, eq(songs.id, releaseSongs.songId))
    .where(where);
  return { items, count: total?.n ?? 0 };
}
