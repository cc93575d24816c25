import { LISTEN_WINDOW_MINUTES } from '@hfm/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { events, memberSongListens, songPlayMonths } from '../../platform/db/schema/engagement.js';

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

export async function insertEvent(db: Database, values: NewEventRow): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

/**
 * Claims the member's count for the song: true when no listen of theirs counted in the last
 * LISTEN_WINDOW_MINUTES (and the claim is recorded), false otherwise. One upsert decides, so parallel
 * listens cannot both win: a second waits on the row the first wrote, then finds it inside the window.
 */
export async function claimListenCount(db: Database, memberId: string, songId: string): Promise<boolean> {
  const rows = await db
    .insert(memberSongListens)
    .values({ memberId, songId, lastCountedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [memberSongListens.memberId, memberSongListens.songId],
      set: { lastCountedAt: sql`now()` },
      setWhere: sql`${memberSongListens.lastCountedAt} < now() - make_interval(mins => ${LISTEN_WINDOW_MINUTES})`,
    })
    .returning({ memberId: memberSongListens.memberId });
  return rows.length > 0;
}

/**
 * Adds a counted play to the song's current UTC month (the database's clock, as the listen window uses):
 * one upsert, atomic on the row, in the transaction that adds it to `songs.plays`.
 */
export async function addPlayToMonth(db: Database, songId: string, artistId: string): Promise<void> {
  await db
    .insert(songPlayMonths)
    .values({ songId, artistId, month: sql`date_trunc('month', now() at time zone 'UTC')::date`, plays: 1 })
    .onConflictDoUpdate({
      target: [songPlayMonths.songId, songPlayMonths.month],
      set: { plays: sql`${songPlayMonths.plays} + 1` },
    });
}

/** Removes the member's listening history: their events and their listen-window claims. */
export async function deleteEventsOfMember(db: Database, memberId: string): Promise<number> {
  const removed = await db.delete(events).where(eq(events.memberId, memberId)).returning({ id: events.id });
  await db.delete(memberSongListens).where(eq(memberSongListens.memberId, memberId));
  return removed.length;
}
