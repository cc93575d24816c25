import { messages, type PublicArtist, type UpdateArtistBody } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import { summarise } from '../../http/error-handler.js';
import { richTextToPlainText, sanitizeRichText } from '../../platform/media/sanitize-html.js';
import { requireAccess, isAdmin, type Actor } from '../access/index.js';
import { findGenre } from '../genres/index.js';
import { withTransaction } from '../../platform/db/transaction.js';
import {
  afterReview,
  assertAuditionHeard,
  lockFeaturedOrder,
  reviewChange,
  reviewPatch,
  touchesFeatured,
} from './artist-review.service.js';
import {
  findArtistRowById,
  lockArtistRow,
  updateArtistRow,
  type ArtistPatch,
  type ArtistRow,
} from './artists.repository.js';
import { presentArtists, presentArtistsForAdmin } from './artists.service.js';
import { ADMIN_STATUS_REASON, terminateArtist, type TerminationOptions } from './termination.service.js';

export const NO_SUCH_ARTIST = 'No such artist.';

export async function loadArtist(ctx: AppContext, artistId: string): Promise<ArtistRow> {
  const row = await findArtistRowById(ctx.db, artistId);
  if (!row) throw notFound(NO_SUCH_ARTIST);
  return row;
}

/** An artist that is not ACTIVE is visible to itself and admins only; to anyone else it does not exist. */
export async function getArtist(ctx: AppContext, actor: Actor, artistId: string): Promise<PublicArtist> {
  await requireAccess(ctx, actor, 'artist.view', [artistId]);
  return presentArtistFor(ctx, actor, await loadArtist(ctx, artistId));
}

/** The artist as this actor is shown it: admins also see the account behind it. */
export async function presentArtistFor(ctx: AppContext, actor: Actor, row: ArtistRow): Promise<PublicArtist> {
  return (await (isAdmin(actor) ? presentArtistsForAdmin : presentArtists)(ctx.db, [row]))[0]!;
}

/** Sanitised rich text, or null when nothing is left once its markup is stripped. */
function bioFrom(html: string): string | null {
  const bio = sanitizeRichText(html);
  return richTextToPlainText(bio) === '' ? null : bio;
}

async function genreIdFrom(ctx: AppContext, genre: NonNullable<UpdateArtistBody['genre']>): Promise<string | null> {
  return (await findGenre(ctx.db, typeof genre === 'string' ? genre : genre._id))?.id ?? null;
}

/** Name, genre, bio and the opt-in, checked together so every bad field is named at once. */
export async function profilePatch(ctx: AppContext, body: UpdateArtistBody): Promise<ArtistPatch> {
  const patch: ArtistPatch = {};
  const fields: Record<string, string> = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.genre !== undefined) {
    const genreId = await genreIdFrom(ctx, body.genre);
    if (genreId) patch.genreId = genreId;
    else fields.genre = messages.genre;
  }
  if (body.bio !== undefined) {
    const bio = bioFrom(body.bio);
    if (bio) patch.bio = bio;
    else fields.bio = messages.bio;
  }
  if (body.hfmPicksOptIn !== undefined) patch.hfmPicksOptIn = body.hfmPicksOptIn;
  if (Object.keys(fields).length > 0) throw badRequest(summarise(fields), fields);
  return patch;
}

/**
 * The artist's own user or an admin. Artists change name, genre, bio and hfmPicksOptIn; an artist that
 * sends an admin-only field (approval, tier, scores, featuring, searchability) is refused with 403 naming
 * each, and nothing is saved. Admins change all; approval, featuring and the featured order's lock are in
 * artist-review.service.ts and featured.service.ts.
 */
export async function updateArtist(
  ctx: AppContext,
  actor: Actor,
  artistId: string,
  body: UpdateArtistBody,
  termination: TerminationOptions,
): Promise<PublicArtist> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const review = reviewChange(actor, body);
  const profile = await profilePatch(ctx, body);
  // An admin setting CANCELLED terminates the licence, with the patch's other fields (decision 0021).
  if (review?.patch.status === 'CANCELLED') {
    const before = await loadArtist(ctx, artistId);
    if (before.status !== 'CANCELLED') {
      const { status: _cancelled, ...alsoApply } = { ...reviewPatch(before, review), ...profile };
      await terminateArtist(ctx, actor, artistId, { reason: ADMIN_STATUS_REASON, alsoApply }, termination);
      return presentArtistFor(ctx, actor, await loadArtist(ctx, artistId));
    }
  }
  const updated = await withTransaction(ctx, async (tx) => {
    // The featuring lock comes before the row's, in every path that changes the featured order.
    if (touchesFeatured(review)) await lockFeaturedOrder(tx.db);
    const before = await lockArtistRow(tx.db, artistId);
    if (!before) throw notFound(NO_SUCH_ARTIST);
    await assertAuditionHeard(tx, before, review);
    const patch = { ...(review ? reviewPatch(before, review) : {}), ...profile };
    const after = Object.keys(patch).length > 0 ? await updateArtistRow(tx.db, artistId, patch) : before;
    if (!after) throw notFound(NO_SUCH_ARTIST);
    if (!review) return after;
    await afterReview(tx, before, after, review);
    return review.placement || review.patch.status !== undefined ? loadArtist(tx, artistId) : after;
  });
  return presentArtistFor(ctx, actor, updated);
}
