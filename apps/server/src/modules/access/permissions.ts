import type { SessionUser } from '../../context.js';

/** Who is asking: the signed-in user of the request, or null for an anonymous caller. */
export type Actor = SessionUser | null;

/**
 * What an actor may do to a set of things, each named by its id. `*.view` is "may know it exists";
 * `*.manage` is "may change it". Later areas (fans, payments, admin) add theirs here.
 */
export type Permission =
  | 'artist.view'
  | 'artist.manage'
  | 'song.view'
  | 'song.manage'
  /** Hear the whole song (not only the preview). */
  | 'song.stream'
  /**
   * Download a song's files: subscribers to its artist (in term), the artist, admins, and a member who
   * keeps it (downloaded it while subscribed: docs/decisions/0016-downloads-you-keep.md), and any member for
   * a current HFM Pick (docs/decisions/0022-hfm-radio-and-picks.md).
   */
  | 'song.download'
  /**
   * Download a song so that it stays the member's for good: a member subscribed to its artist, in term, or
   * any member for a current HFM Pick.
   */
  | 'song.keep'
  | 'album.view'
  | 'album.manage'
  /** See that an account exists (any signed-in user; accounts are not published content). */
  | 'user.view'
  /** Change an account's details and picture: the user themself or an admin. */
  | 'user.manage'
  /** Change an account's password: the user themself only. */
  | 'user.password'
  /** See an account's saved cards and subscriptions: the member themself or an admin. */
  | 'user.billing'
  /** Save or remove a card, subscribe: the member themself only (nobody pays on another's behalf). */
  | 'user.pay'
  /** See a member's library (My Music, what they keep): the member themself or an admin. */
  | 'user.library'
  /** Know that a Hi Five exists: the member who gave it, or an admin (others are told it does not). */
  | 'hiFive.view'
  /** Take a Hi Five back: the member who gave it, or an admin. */
  | 'hiFive.manage'
  /** Know that a subscription exists: its member, or an admin (others are told it does not). */
  | 'subscription.view'
  /** Cancel a subscription: its member, or an admin. */
  | 'subscription.manage'
  /** See a payment receipt: its member, or an admin (others are told it does not exist). */
  | 'receipt.view';

/** Permissions an anonymous caller may hold; every other one needs a sign-in first. */
export const PUBLIC_PERMISSIONS = ['artist.view', 'song.view', 'song.stream', 'album.view'] as const;
export type PublicPermission = (typeof PUBLIC_PERMISSIONS)[number];
export type SignedInPermission = Exclude<Permission, PublicPermission>;

export function isPublicPermission(permission: Permission): permission is PublicPermission {
  return (PUBLIC_PERMISSIONS as readonly Permission[]).includes(permission);
}

export function isAdmin(actor: Actor): actor is SessionUser {
  return actor?.role === 'ADMIN';
}

/** A fan (role SUBSCRIBER): the members HFM Picks are given to. */
export function isMember(actor: Actor): actor is SessionUser {
  return actor?.role === 'SUBSCRIBER';
}
