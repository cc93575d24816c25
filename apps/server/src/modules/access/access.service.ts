import { messages } from '@hfm/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import type { Database } from '../../platform/db/client.js';
import { badRequest, forbidden, notFound, unauthenticated } from '../../errors/app-error.js';
import {
  albumViewScope,
  mayViewLoadedArtist,
  NOT_FOUND_MESSAGES,
  policy,
  resourceOf,
  songScopes,
  songViewScope,
  viewPermissionOf,
  type SongPermission,
} from './access.policy.js';
import {
  albumScopeCondition,
  findArtistForSongList,
  readySongCountsOf,
  songScopeCondition,
  type SongScope,
} from './access.repository.js';
import {
  isAdmin,
  isPublicPermission,
  type Actor,
  type Permission,
  type PublicPermission,
  type SignedInPermission,
} from './permissions.js';

type AccessContext = Pick<AppContext, 'db'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Distinct ids; text that is not a UUID names nothing, so it never reaches the database. */
function wellFormed(ids: Iterable<string>): string[] {
  return [...new Set(ids)].filter((id) => UUID.test(id));
}

/** The subset of `ids` the actor holds the permission for (existing things only), in one query. */
export async function checkAccess(
  ctx: AccessContext,
  actor: Actor,
  permission: Permission,
  ids: Iterable<string>,
): Promise<Set<string>> {
  const candidates = wellFormed(ids);
  if (candidates.length === 0) return new Set();
  return new Set(await policy[permission](ctx.db, actor, candidates));
}

/**
 * Throws unless the actor holds the permission for every id (docs/decisions/0006): signed out and the
 * permission needs a sign-in, 401; any refused thing the actor may not even see (hidden or unknown), 404;
 * someone else's visible thing, 403. Answers the actor, signed in for every permission that needs it.
 */
export async function requireAccess(
  ctx: AccessContext,
  actor: Actor,
  permission: SignedInPermission,
  ids: Iterable<string>,
): Promise<SessionUser>;
export async function requireAccess(
  ctx: AccessContext,
  actor: Actor,
  permission: PublicPermission,
  ids: Iterable<string>,
): Promise<Actor>;
export async function requireAccess(
  ctx: AccessContext,
  actor: Actor,
  permission: Permission,
  ids: Iterable<string>,
): Promise<Actor> {
  if (!actor && !isPublicPermission(permission)) throw unauthenticated();
  const wanted = [...new Set(ids)];
  const allowed = await checkAccess(ctx, actor, permission, wanted);
  const refused = wanted.filter((id) => !allowed.has(id));
  if (refused.length === 0) return actor;
  const view = viewPermissionOf(permission);
  const visible = view === permission ? new Set<string>() : await checkAccess(ctx, actor, view, refused);
  if (refused.some((id) => !visible.has(id))) throw notFound(NOT_FOUND_MESSAGES[resourceOf(permission)]);
  if (!actor) throw unauthenticated();
  throw forbidden(messages.forbidden);
}

/**
 * `requireAccess(ctx, actor, 'user.pay', [memberId])` answered without a query when the member is the actor: the
 * rule is "themself, not deleted", and the session read the actor ACTIVE for this request. Anyone else goes
 * through requireAccess (its 401, 403 or 404).
 */
export async function requirePayer(ctx: AccessContext, actor: Actor, memberId: string): Promise<SessionUser> {
  if (actor && memberId.toLowerCase() === actor.id.toLowerCase()) return actor;
  return requireAccess(ctx, actor, 'user.pay', [memberId]);
}

/**
 * 'artist.view' answered from the artist's row the caller read already (the same rule as the policy's: admins,
 * the artist's own user, and everyone for ACTIVE and CANCELLED artists): an artist not seen is a 404, as
 * requireAccess answers.
 */
export function requireArtistSeen<Row extends { id: string; status: string }>(actor: Actor, row: Row | null): Row {
  if (row === null || !mayViewLoadedArtist(actor, row)) throw notFound(NOT_FOUND_MESSAGES[resourceOf('artist.view')]);
  return row;
}

/** For the actor's own things (session profile, first load): a signed-in actor, or 401. */
export function requireSignedIn(actor: Actor): SessionUser {
  if (!actor) throw unauthenticated();
  return actor;
}

export const ONLY_AS_YOURSELF = 'You can only do that as yourself.';

/**
 * For what a member does as themself (listen and favorite events, Hi Fives): the request's memberID must
 * be the signed-in user, admins included (401 signed out, 403 any other id, known or not).
 */
export function requireSelf(actor: Actor, memberId: string): SessionUser {
  const user = requireSignedIn(actor);
  if (memberId.toLowerCase() !== user.id.toLowerCase()) throw forbidden(ONLY_AS_YOURSELF);
  return user;
}

export const CHOOSE_ARTIST = 'Please choose the artist.';
export const ARTISTS_ONLY = 'Only artists and admins can do that.';

/**
 * The artist a new song or album is for: an artist's own unless named; an admin must name one (400).
 * Then the actor must manage that artist (403 or 404 by the rule above).
 */
export async function requireArtistToManage(
  ctx: AccessContext,
  actor: Actor,
  requestedArtistId: string | undefined,
): Promise<string> {
  const user = requireSignedIn(actor);
  const artistId = requestedArtistId ?? user.artistId;
  if (!artistId && isAdmin(user)) throw badRequest(CHOOSE_ARTIST, { artistID: CHOOSE_ARTIST });
  if (!artistId) throw forbidden(ARTISTS_ONLY);
  await requireAccess(ctx, user, 'artist.manage', [artistId]);
  return artistId;
}

/**
 * For the admin's own work (curation, accounts): the route already declares `access: 'admin'`; services
 * say it again in their first line, so a job or another caller cannot skip it. Signed out 401, others 403.
 */
export function requireAdmin(actor: Actor): SessionUser {
  const user = requireSignedIn(actor);
  if (!isAdmin(user)) throw forbidden(messages.forbidden);
  return user;
}

/** The ready songs of each artist (0 for none): approval needs MIN_AUDITION_SONGS of them. */
export async function countReadySongs(ctx: AccessContext, artistIds: string[]): Promise<Map<string, number>> {
  const counts = await readySongCountsOf(ctx.db, wellFormed(artistIds));
  return new Map(artistIds.map((id) => [id, counts.get(id) ?? 0]));
}

/**
 * The songs this actor may see, as a condition on the `songs` table: what lists of songs across artists filter
 * by, so a list shows exactly the songs GET /api/songs/{id} answers (song.view). One artist's list asks
 * requireArtistSongScope instead.
 */
export function visibleSongs(ctx: AccessContext, actor: Actor): SQL {
  return songScopeCondition(ctx.db, songViewScope(actor)) ?? sql`false`;
}

/**
 * Whether the actor holds a song permission, as a boolean condition on the `songs` row of a statement: the
 * rule checkAccess answers for a list of ids (the policy's one scope), for a statement that reads a song
 * together with what the actor may do with it (a download: docs/decisions/0065). False when no branch applies.
 */
export function songPermissionCondition(ctx: AccessContext, actor: Actor, permission: SongPermission): SQL<boolean> {
  return scopeAsCondition(ctx.db, songScopes[permission](actor));
}

function scopeAsCondition(db: Database, scope: SongScope): SQL<boolean> {
  const condition = songScopeCondition(db, scope);
  return condition ? sql<boolean>`coalesce(${condition}, false)` : sql<boolean>`false`;
}

/** Song permissions as conditions of a prepared statement (`preparedSongPermissions`). */
export interface PreparedSongPermissions<P extends SongPermission> {
  /** Equal keys, equal conditions: which of the rules' branches apply to this actor, not the actor's ids. */
  key: string;
  /** The conditions, the actor's ids in them as the placeholders `actorId` and `actorArtistId`. */
  conditions(db: Database): Record<P, SQL<boolean>>;
  /** The placeholders' values for this actor. */
  values: { actorId: string | null; actorArtistId: string | null };
}

/**
 * `songPermissionCondition` for a statement prepared once and run for every actor of the same shape: the same
 * rules (the policy's scopes, asked for this actor), with the actor's ids as placeholders. A scope that names
 * anything but the actor's own ids cannot be prepared: it throws rather than fixing a value in the statement.
 */
export function preparedSongPermissions<P extends SongPermission>(
  actor: Actor,
  permissions: readonly P[],
): PreparedSongPermissions<P> {
  const ids = { actorId: actor?.id ?? null, actorArtistId: actor?.artistId ?? null };
  const scopes = permissions.map((permission) => {
    const entries = Object.entries(songScopes[permission](actor)).map(([branch, value]) => {
      if (typeof value !== 'string') return { branch, value: Boolean(value), key: `${branch}=${Boolean(value)}` };
      const name = value === ids.actorId ? 'actorId' : value === ids.actorArtistId ? 'actorArtistId' : null;
      if (!name)
        throw new Error(`${permission}: the scope's ${branch} is not the actor's own id; it cannot be prepared`);
      return { branch, value: sql.placeholder(name), key: `${branch}=${name}` };
    });
    return {
      permission,
      key: `${permission}(${entries.map((entry) => entry.key).join(',')})`,
      scope: Object.fromEntries(entries.map((entry) => [entry.branch, entry.value])) as unknown as SongScope,
    };
  });
  return {
    key: scopes.map((scope) => scope.key).join(' '),
    conditions: (db) =>
      Object.fromEntries(scopes.map(({ permission, scope }) => [permission, scopeAsCondition(db, scope)])) as Record<
        P,
        SQL<boolean>
      >,
    values: ids,
  };
}

/**
 * Which of one artist's songs the actor sees: `all` (every state), `out` (ready, active, release come:
 * `songIsOut`) or `none`.
 */
export type ArtistSongScope = 'all' | 'out' | 'none';

/**
 * The song list's one access check (`GET /api/songs/artist/{id}`): artist.view and song.view narrowed to one
 * artist, answered from one statement (docs/decisions/0061). Throws 404 unless the actor may see the artist
 * (admins any, an artist its own, everyone ACTIVE and CANCELLED ones); then admins and the artist see every
 * song, everyone an ACTIVE artist's released songs, and only a subscriber in term a CANCELLED artist's. The
 * same answers as `requireAccess(artist.view)` and `visibleSongs` (access.service.test.ts checks them side by
 * side).
 */
export async function requireArtistSongScope(
  ctx: AccessContext,
  actor: Actor,
  artistId: string,
): Promise<ArtistSongScope> {
  const artist = UUID.test(artistId) ? await findArtistForSongList(ctx.db, artistId, actor?.id ?? null) : null;
  if (!artist) throw notFound(NOT_FOUND_MESSAGES.artist);
  const own = artist.id === actor?.artistId;
  if (own || isAdmin(actor)) return 'all';
  if (artist.status === 'ACTIVE') return 'out';
  if (artist.status === 'CANCELLED') return artist.subscribed ? 'out' : 'none';
  throw notFound(NOT_FOUND_MESSAGES.artist);
}

/** The albums this actor may see, as a condition on the `albums` table (album.view, for lists). */
export function visibleAlbums(actor: Actor): SQL {
  return albumScopeCondition(albumViewScope(actor)) ?? sql`false`;
}
