import { messages } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../errors/app-error.js';
import type { SessionUser } from '../auth/sessions.js';
import { findArtistRowById, type ArtistRow } from './artists.repository.js';

export const NO_SUCH_ARTIST = 'No such artist.';

/** The artist's own user, or an admin. */
export function canManageArtist(user: SessionUser | null, artistId: string): boolean {
  return Boolean(user && (user.role === 'ADMIN' || user.artistId === artistId));
}

/**
 * The artist a request changes. Anyone but the artist's own user and admins gets a 403 whether or not the
 * artist exists (nothing is revealed); an admin gets a 404 for an unknown artist.
 */
export async function loadManagedArtist(ctx: AppContext, actor: SessionUser, artistId: string): Promise<ArtistRow> {
  if (!canManageArtist(actor, artistId)) throw forbidden(messages.forbidden);
  const row = await findArtistRowById(ctx.db, artistId);
  if (!row) throw notFound(NO_SUCH_ARTIST);
  return row;
}

/** An artist that is not ACTIVE is visible to itself and admins only; to anyone else it does not exist. */
export async function loadVisibleArtist(
  ctx: AppContext,
  viewer: SessionUser | null,
  artistId: string,
): Promise<ArtistRow> {
  const row = await findArtistRowById(ctx.db, artistId);
  if (!row || (row.status !== 'ACTIVE' && !canManageArtist(viewer, artistId))) throw notFound(NO_SUCH_ARTIST);
  return row;
}
