import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { artists, subscriptions } from '../../platform/db/schema.js';
import { badRequest, forbidden, notFound } from '../../errors/app-error.js';
import type { SessionUser } from '../auth/sessions.js';

export interface ArtistRef {
  id: string;
  userId: string;
  name: string;
  status: string;
}

export async function findArtistRef(db: Database, artistId: string): Promise<ArtistRef | null> {
  const [row] = await db
    .select({ id: artists.id, userId: artists.userId, name: artists.name, status: artists.status })
    .from(artists)
    .where(eq(artists.id, artistId))
    .limit(1);
  return row ?? null;
}

export function canManageArtist(user: SessionUser | null, artistId: string): boolean {
  return Boolean(user && (user.role === 'ADMIN' || user.artistId === artistId));
}

/**
 * The artist whose content a request changes: an artist acts on their own artist only; an admin may name
 * any artist and must name one (400 otherwise). Answers 403 for someone else's artist and 404 for an unknown one.
 */
export async function resolveManagedArtist(
  db: Database,
  user: SessionUser,
  requestedArtistId: string | undefined,
): Promise<ArtistRef> {
  const artistId = requestedArtistId ?? user.artistId;
  if (!artistId && user.role === 'ADMIN') {
    throw badRequest('Please choose the artist.', { artistID: 'Please choose the artist.' });
  }
  if (!artistId) throw forbidden('Only artists and admins can do that.');
  if (!canManageArtist(user, artistId)) throw forbidden();
  const artist = await findArtistRef(db, artistId);
  if (!artist) throw notFound('No such artist.');
  return artist;
}

/** A member hears full songs and downloads while a subscription to the artist is in its term. */
export async function hasActiveSubscription(db: Database, memberId: string, artistId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.artistId, artistId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.currentPeriodEnd, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}
