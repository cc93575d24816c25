import { and, count, eq, exists, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { flatRows, preparedRead } from '../../platform/db/prepared.js';
import { artists } from '../../platform/db/schema/artists.js';
import { paymentReceipts, subscriptions } from '../../platform/db/schema/billing.js';
import { albums, songs } from '../../platform/db/schema/catalogue.js';
import { hiFives } from '../../platform/db/schema/engagement.js';
import { users } from '../../platform/db/schema/identity.js';
import { songDownloads } from '../../platform/db/schema/library.js';
import { currentHfmPick, onHfmRadio } from './curated.js';
import { artistIsActive, releasedSong, releasedToSubscribers } from './released.js';

/**
 * The one repository that reads other modules' tables to answer who owns what. Each function answers,
 * in one query, which of `ids` exist and match at least one branch of its scope (none: nothing).
 */

const everything = sql`true`;

/** A branch is given when its scope entry is (a truthy flag or id). */
function anyBranch(branches: (SQL | false | '' | null | undefined)[]): SQL | undefined {
  const given = branches.filter((branch): branch is SQL => Boolean(branch));
  return given.length > 0 ? or(...given) : undefined;
}

export interface ArtistScope {
  /** Every artist that exists (admins). */
  all?: boolean;
  /** The actor's own artist. */
  own?: string | null;
  /** Artists everyone sees: approved (ACTIVE) ones, and those who have left (CANCELLED: their page says so). */
  seenByAll?: boolean;
}

export async function artistIdsIn(db: Database, ids: string[], scope: ArtistScope): Promise<string[]> {
  const branch = anyBranch([
    scope.all && everything,
    scope.own && eq(artists.id, scope.own),
    scope.seenByAll && inArray(artists.status, ['ACTIVE', 'CANCELLED']),
  ]);
  if (!branch || ids.length === 0) return [];
  const rows = await db
    .select({ id: artists.id })
    .from(artists)
    .where(and(inArray(artists.id, ids), branch));
  return rows.map((row) => row.id);
}

/**
 * One artist as the song list's access check reads it, in one statement: its id and status, and, only when it
 * has left (CANCELLED), whether this member subscribes to it in term (the rule of `subscribedTo`). No row: no
 * such artist. `memberId` is null for a signed-out caller.
 */
const artistForSongList = preparedRead(
  (db, name) =>
    flatRows(
      db
        .select({
          id: artists.id,
          status: artists.status,
          // A subquery built by drizzle names its columns with their tables; the select list of a one-table
          // select would not, and `status` or `id` there would name the subscription's.
          subscribed: sql<boolean>`case when ${artists.status} = 'CANCELLED' then ${exists(
            db
              .select({ one: sql`1` })
              .from(subscriptions)
              .where(
                and(
                  eq(subscriptions.memberId, sql.placeholder('memberId')),
                  eq(subscriptions.artistId, artists.id),
                  eq(subscriptions.status, 'active'),
                  gt(subscriptions.currentPeriodEnd, sql`now()`),
                ),
              ),
          )} else false end`,
        })
        .from(artists)
        .where(eq(artists.id, sql.placeholder('artistId')))
        .limit(1)
        .prepare(name),
    ),
  'access_artist_for_song_list',
);

export interface ArtistForSongList {
  id: string;
  status: string;
  /** In term on a CANCELLED artist; false for every other status. */
  subscribed: boolean;
}

export async function findArtistForSongList(
  db: Database,
  artistId: string,
  memberId: string | null,
): Promise<ArtistForSongList | null> {
  const [row] = await artistForSongList(db).execute({ artistId, memberId });
  return row ?? null;
}

export interface SongScope {
  all?: boolean;
  /** Songs of the actor's own artist, in every state. */
  ofArtist?: string | null;
  /** Released (./released.ts): ready, active songs of ACTIVE artists whose release date has come. */
  released?: boolean;
  /** Released songs the artist chose to play in full for everyone. */
  releasedFullPreview?: boolean;
  /**
   * Released songs of artists this member subscribes to, while the subscription is in its term; also those of
   * an artist who has left (CANCELLED), whose licence runs on for subscribers to the end of their term.
   */
  releasedToSubscriber?: string | null;
  /**
   * Ready songs this member keeps: downloaded while subscribed, whatever has happened since (the
   * subscription ended, the artist withdrew the song or left; docs/decisions/0016-downloads-you-keep.md).
   */
  keptBy?: string | null;
  /** Released songs of opted-in artists on an HFM Radio playlist (docs/decisions/0022). */
  onHfmRadio?: boolean;
  /** Released songs of opted-in artists on a current HFM Picks playlist (docs/decisions/0022). */
  currentHfmPick?: boolean;
}

function subscribedTo(db: Database, memberId: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.memberId, memberId),
          eq(subscriptions.artistId, songs.artistId),
          eq(subscriptions.status, 'active'),
          gt(subscriptions.currentPeriodEnd, sql`now()`),
        ),
      ),
  );
}

function keptBy(db: Database, memberId: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(songDownloads)
      .where(
        and(eq(songDownloads.memberId, memberId), eq(songDownloads.songId, songs.id), eq(songDownloads.kept, true)),
      ),
  );
}

/** The scope as one condition on the `songs` row (none when no branch is given): for checks and for lists. */
export function songScopeCondition(db: Database, scope: SongScope): SQL | undefined {
  return anyBranch([
    scope.all && everything,
    scope.ofArtist && eq(songs.artistId, scope.ofArtist),
    scope.released && releasedSong(),
    scope.releasedFullPreview && and(releasedSong(), eq(songs.isFullPreview, true)),
    scope.releasedToSubscriber && and(releasedToSubscribers(), subscribedTo(db, scope.releasedToSubscriber)),
    scope.keptBy && and(eq(songs.status, 'ready'), keptBy(db, scope.keptBy)),
    scope.onHfmRadio && onHfmRadio(),
    scope.currentHfmPick && currentHfmPick(),
  ]);
}

export async function songIdsIn(db: Database, ids: string[], scope: SongScope): Promise<string[]> {
  const branch = songScopeCondition(db, scope);
  if (!branch || ids.length === 0) return [];
  const rows = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(inArray(songs.id, ids), branch));
  return rows.map((row) => row.id);
}

export interface AlbumScope {
  all?: boolean;
  ofArtist?: string | null;
  /** Albums of ACTIVE artists. */
  ofActiveArtist?: boolean;
}

/** The scope as one condition on the `albums` row (none when no branch is given): for checks and for lists. */
export function albumScopeCondition(scope: AlbumScope): SQL | undefined {
  return anyBranch([
    scope.all && everything,
    scope.ofArtist && eq(albums.artistId, scope.ofArtist),
    scope.ofActiveArtist && sql`${albums.artistId} in (select ${artists.id} from ${artists} where ${artistIsActive()})`,
  ]);
}

export async function albumIdsIn(db: Database, ids: string[], scope: AlbumScope): Promise<string[]> {
  const branch = albumScopeCondition(scope);
  if (!branch || ids.length === 0) return [];
  const rows = await db
    .select({ id: albums.id })
    .from(albums)
    .where(and(inArray(albums.id, ids), branch));
  return rows.map((row) => row.id);
}

export interface UserScope {
  all?: boolean;
  self?: string | null;
}

/** Existing accounts only: a deleted account's tombstone is no account (404 to everyone). */
export async function userIdsIn(db: Database, ids: string[], scope: UserScope): Promise<string[]> {
  const branch = anyBranch([scope.all && everything, scope.self && eq(users.id, scope.self)]);
  if (!branch || ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), ne(users.status, 'DELETED'), branch));
  return rows.map((row) => row.id);
}

export interface HiFiveScope {
  all?: boolean;
  /** Hi Fives this member gave. */
  givenBy?: string | null;
}

export async function hiFiveIdsIn(db: Database, ids: string[], scope: HiFiveScope): Promise<string[]> {
  const branch = anyBranch([scope.all && everything, scope.givenBy && eq(hiFives.userId, scope.givenBy)]);
  if (!branch || ids.length === 0) return [];
  const rows = await db
    .select({ id: hiFives.id })
    .from(hiFives)
    .where(and(inArray(hiFives.id, ids), branch));
  return rows.map((row) => row.id);
}

export interface SubscriptionScope {
  all?: boolean;
  /** Subscriptions of this member. */
  memberId?: string | null;
}

export async function subscriptionIdsIn(db: Database, ids: string[], scope: SubscriptionScope): Promise<string[]> {
  const branch = anyBranch([scope.all && everything, scope.memberId && eq(subscriptions.memberId, scope.memberId)]);
  if (!branch || ids.length === 0) return [];
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(inArray(subscriptions.id, ids), branch));
  return rows.map((row) => row.id);
}

/**
 * How many ready (transcoded) songs each of these artists has: the audition an admin hears before approval.
 * Read here because approval (artists) may not call the songs module, which depends on artists.
 */
export async function readySongCountsOf(db: Database, artistIds: string[]): Promise<Map<string, number>> {
  if (artistIds.length === 0) return new Map();
  const rows = await db
    .select({ artistId: songs.artistId, ready: count() })
    .from(songs)
    .where(and(inArray(songs.artistId, artistIds), eq(songs.status, 'ready')))
    .groupBy(songs.artistId);
  return new Map(rows.map((row) => [row.artistId, Number(row.ready)]));
}

export interface ReceiptScope {
  all?: boolean;
  /** Receipts of this member. */
  memberId?: string | null;
}

export async function receiptIdsIn(db: Database, ids: string[], scope: ReceiptScope): Promise<string[]> {
  const branch = anyBranch([scope.all && everything, scope.memberId && eq(paymentReceipts.memberId, scope.memberId)]);
  if (!branch || ids.length === 0) return [];
  const rows = await db
    .select({ id: paymentReceipts.id })
    .from(paymentReceipts)
    .where(and(inArray(paymentReceipts.id, ids), branch));
  return rows.map((row) => row.id);
}
