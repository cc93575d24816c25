import { messages } from '@hfm/shared';
import type { Database } from '../../platform/db/client.js';
import {
  albumIdsIn,
  artistIdsIn,
  hiFiveIdsIn,
  receiptIdsIn,
  songIdsIn,
  subscriptionIdsIn,
  userIdsIn,
  type AlbumScope,
  type SongScope,
} from './access.repository.js';
import { isAdmin, isMember, type Actor, type Permission } from './permissions.js';

/** Which of `ids` (existing things only) the actor holds the permission for; one query each. */
type Rule = (db: Database, actor: Actor, ids: string[]) => Promise<string[]>;

export type SongPermission = Extract<Permission, `song.${string}`>;

/**
 * The song permissions' rules, each a scope of the `songs` row: the policy asks one over a list of ids
 * (songIdsIn), and a statement that reads a song with what the actor may do with it asks the same scope as a
 * condition (songPermissionCondition, access.service.ts), so each rule has this one home.
 */
export const songScopes: Record<SongPermission, (actor: Actor) => SongScope> = {
  'song.view': (actor) => songViewScope(actor),
  'song.manage': (actor) => ({ all: isAdmin(actor), ofArtist: actor?.artistId }),
  // Anyone hears the artist's full-preview songs in full, and songs on HFM Radio or a current HFM Pick of
  // opted-in artists; subscribers hear every released song in full, and a member hears in full what they keep.
  'song.stream': (actor) => ({
    all: isAdmin(actor),
    ofArtist: actor?.artistId,
    releasedFullPreview: true,
    releasedToSubscriber: actor?.id,
    keptBy: actor?.id,
    onHfmRadio: true,
    currentHfmPick: true,
  }),
  // HFM Radio is streaming only; a current HFM Pick any member may download and keep (docs/decisions/0022).
  'song.download': (actor) => ({
    all: isAdmin(actor),
    ofArtist: actor?.artistId,
    releasedToSubscriber: actor?.id,
    keptBy: actor?.id,
    currentHfmPick: isMember(actor),
  }),
  'song.keep': (actor) => ({ releasedToSubscriber: actor?.id, currentHfmPick: isMember(actor) }),
};

export const policy: Record<Permission, Rule> = {
  // ACTIVE artists, and those who have left (CANCELLED): their page stays up with a notice (decision 0021).
  // requireArtistSeen (access.service.ts) is the same rule over a row already read.
  'artist.view': (db, actor, ids) =>
    artistIdsIn(db, ids, { all: isAdmin(actor), own: actor?.artistId, seenByAll: true }),
  'artist.manage': (db, actor, ids) => artistIdsIn(db, ids, { all: isAdmin(actor), own: actor?.artistId }),

  'song.view': (db, actor, ids) => songIdsIn(db, ids, songScopes['song.view'](actor)),
  'song.manage': (db, actor, ids) => songIdsIn(db, ids, songScopes['song.manage'](actor)),
  'song.stream': (db, actor, ids) => songIdsIn(db, ids, songScopes['song.stream'](actor)),
  'song.download': (db, actor, ids) => songIdsIn(db, ids, songScopes['song.download'](actor)),
  'song.keep': (db, actor, ids) => songIdsIn(db, ids, songScopes['song.keep'](actor)),

  'album.view': (db, actor, ids) => albumIdsIn(db, ids, albumViewScope(actor)),
  'album.manage': (db, actor, ids) => albumIdsIn(db, ids, { all: isAdmin(actor), ofArtist: actor?.artistId }),

  'user.view': (db, actor, ids) => userIdsIn(db, ids, { all: actor !== null }),
  'user.manage': (db, actor, ids) => userIdsIn(db, ids, { all: isAdmin(actor), self: actor?.id }),
  'user.password': (db, actor, ids) => userIdsIn(db, ids, { self: actor?.id }),
  'user.billing': (db, actor, ids) => userIdsIn(db, ids, { all: isAdmin(actor), self: actor?.id }),
  'user.pay': (db, actor, ids) => userIdsIn(db, ids, { self: actor?.id }),
  'user.library': (db, actor, ids) => userIdsIn(db, ids, { all: isAdmin(actor), self: actor?.id }),
  'hiFive.view': (db, actor, ids) => hiFiveIdsIn(db, ids, { all: isAdmin(actor), givenBy: actor?.id }),
  'hiFive.manage': (db, actor, ids) => hiFiveIdsIn(db, ids, { all: isAdmin(actor), givenBy: actor?.id }),
  'subscription.view': (db, actor, ids) => subscriptionIdsIn(db, ids, { all: isAdmin(actor), memberId: actor?.id }),
  'subscription.manage': (db, actor, ids) => subscriptionIdsIn(db, ids, { all: isAdmin(actor), memberId: actor?.id }),
  'receipt.view': (db, actor, ids) => receiptIdsIn(db, ids, { all: isAdmin(actor), memberId: actor?.id }),
};

/**
 * 'artist.view' and 'artist.manage' answered from an artist row the caller has already read (its id and
 * status), with no statement: the same rules as the policy's (admins every artist, an artist its own, everyone
 * ACTIVE and CANCELLED artists). A page that has loaded the artist asks these instead of reading it again.
 */
export function mayManageLoadedArtist(actor: Actor, artist: { id: string }): boolean {
  const own = actor?.artistId;
  return isAdmin(actor) || (Boolean(own) && own === artist.id);
}

export function mayViewLoadedArtist(actor: Actor, artist: { id: string; status: string }): boolean {
  return artist.status === 'ACTIVE' || artist.status === 'CANCELLED' || mayManageLoadedArtist(actor, artist);
}

/**
 * The songs an actor may see, one rule for one song (song.view) and for every list of songs: admins all, an
 * artist its own in every state, everyone released songs (./released.ts), and a subscriber in term also the
 * songs of an artist who has left (docs/decisions/0021).
 */
export function songViewScope(actor: Actor): SongScope {
  return { all: isAdmin(actor), ofArtist: actor?.artistId, released: true, releasedToSubscriber: actor?.id };
}

/** The albums an actor may see, for one album (album.view) and lists: admins all, an artist its own, everyone ACTIVE artists'. */
export function albumViewScope(actor: Actor): AlbumScope {
  return { all: isAdmin(actor), ofArtist: actor?.artistId, ofActiveArtist: true };
}

type Resource = 'artist' | 'song' | 'album' | 'user' | 'hiFive' | 'subscription' | 'receipt';

export function resourceOf(permission: Permission): Resource {
  return permission.slice(0, permission.indexOf('.')) as Resource;
}

/** The permission that decides whether a refused thing is someone else's visible thing (403) or hidden (404). */
export function viewPermissionOf(permission: Permission): Permission {
  return `${resourceOf(permission)}.view` as Permission;
}

export const NOT_FOUND_MESSAGES: Record<Resource, string> = {
  artist: 'No such artist.',
  song: 'No such song.',
  album: 'No such album.',
  user: messages.notFound,
  hiFive: 'No such Hi Five.',
  subscription: 'No such subscription.',
  receipt: 'No such receipt.',
};
