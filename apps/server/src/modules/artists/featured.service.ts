import type { FeaturedArtists, FeaturedOrderBody, FeaturedSwapBody } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors/app-error.js';
import { withTransaction } from '../../platform/db/transaction.js';
import { requireAdmin, type Actor } from '../access/index.js';
import { findArtistRowById, type ArtistRow } from './artists.repository.js';
import { mediaPath } from './artists.presenter.js';
import { presentArtistsForAdmin } from './artists.service.js';
import { listFeaturedRows, loadArtistPictures, lockFeaturedOrder, writeFeaturedOrder } from './featured.repository.js';

/**
 * Featuring (spec: adding sets featuredPosition to the current count; removing sets -1; swapping gives the
 * added artist the removed one's position). Every change runs in one transaction under one advisory lock
 * and writes the whole order, so positions stay 0..n-1 whatever runs at the same time. The artist at
 * position 0 is the hero artist of member home.
 */

export const NOT_FEATURABLE = 'Only ACTIVE artists can be featured.';
export const NOT_FEATURED = 'That artist is not featured.';
export const ALREADY_FEATURED = 'That artist is already featured.';
export const FEATURED_CHANGED = 'The featured artists have changed. Reload them and try again.';

type Ctx = Pick<AppContext, 'db'>;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** Where an artist should stand in the featured order: in it (at `position`, or where it is / last), or out. */
export type FeaturedPlacement = { featured: true; position?: number } | { featured: false };

/**
 * The order with the artist placed: out of it; moved to `position` (clamped); or, when it is not in it yet,
 * inserted at `position` (clamped) or appended (the spec's "the current count").
 */
export function placeInOrder(order: readonly string[], artistId: string, placement: FeaturedPlacement): string[] {
  const others = order.filter((id) => id !== artistId);
  if (!placement.featured) return others;
  const current = order.indexOf(artistId);
  const wanted = placement.position ?? (current >= 0 ? current : others.length);
  const at = clamp(wanted, 0, others.length);
  return [...others.slice(0, at), artistId, ...others.slice(at)];
}

/**
 * Runs `change` on the current order under the featuring lock and writes what it answers. Inside a
 * caller's transaction it is part of it (the lock is held until that transaction ends).
 */
async function changeFeaturedOrder<C extends Ctx>(
  ctx: C,
  change: (order: string[], tx: C) => string[] | Promise<string[]>,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await lockFeaturedOrder(tx.db);
    const order = (await listFeaturedRows(tx.db)).map((row) => row.id);
    await writeFeaturedOrder(tx.db, await change(order, tx));
  });
}

/**
 * Takes the artist out of the featured order; the others close up. For any code that stops an artist
 * being ACTIVE (status INACTIVE, a terminated licence). Call it before changing the artist's row in the
 * same transaction: it takes the featuring lock, which must come before the row's lock.
 */
export async function removeFromFeatured(ctx: Ctx, artistId: string): Promise<void> {
  await changeFeaturedOrder(ctx, (order) => placeInOrder(order, artistId, { featured: false }));
}

/**
 * Places the artist (ACTIVE, else 409) in the featured order, or takes it out. For the artist's PATCH,
 * inside its transaction, after lockFeaturedOrder and the row change; `row` is the artist as changed.
 */
export async function placeFeaturedLocked(ctx: Ctx, row: ArtistRow, placement: FeaturedPlacement): Promise<void> {
  if (placement.featured && row.status !== 'ACTIVE') throw conflict(NOT_FEATURABLE);
  const order = (await listFeaturedRows(ctx.db)).map((featured) => featured.id);
  await writeFeaturedOrder(ctx.db, placeInOrder(order, row.id, placement));
}

export { lockFeaturedOrder };

async function featuredAnswer(ctx: Ctx): Promise<FeaturedArtists> {
  const rows = await listFeaturedRows(ctx.db);
  const [artists, pictures] = await Promise.all([
    presentArtistsForAdmin(ctx.db, rows),
    loadArtistPictures(
      ctx.db,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    items: artists.map((artist) => {
      const picture = pictures.get(artist.id);
      return { ...artist, picture: picture ? mediaPath(picture) : null };
    }),
  };
}

/** GET /api/artists/featured: the featured artists in order (admins). */
export async function listFeatured(ctx: Ctx, actor: Actor): Promise<FeaturedArtists> {
  requireAdmin(actor);
  return featuredAnswer(ctx);
}

/** POST /api/artists/featured/swap: the added artist takes the removed one's position, the removed one gets -1. */
export async function swapFeatured(
  ctx: Ctx,
  actor: Actor,
  { removeID, addID }: FeaturedSwapBody,
): Promise<FeaturedArtists> {
  requireAdmin(actor);
  await changeFeaturedOrder(ctx, async (order, tx) => {
    const at = order.indexOf(removeID);
    if (at < 0) {
      if (!(await findArtistRowById(tx.db, removeID))) throw notFound('No such artist.');
      throw conflict(NOT_FEATURED);
    }
    const added = await findArtistRowById(tx.db, addID);
    if (!added) throw notFound('No such artist.');
    if (added.status !== 'ACTIVE') throw conflict(NOT_FEATURABLE);
    if (order.includes(addID)) throw conflict(ALREADY_FEATURED);
    return order.map((id) => (id === removeID ? addID : id));
  });
  return featuredAnswer(ctx);
}

/** PUT /api/artists/featured/order: the whole order at once; it must name exactly the featured artists. */
export async function reorderFeatured(ctx: Ctx, actor: Actor, { ids }: FeaturedOrderBody): Promise<FeaturedArtists> {
  requireAdmin(actor);
  await changeFeaturedOrder(ctx, (order) => {
    const current = new Set(order);
    if (ids.length !== order.length || !ids.every((id) => current.has(id))) throw conflict(FEATURED_CHANGED);
    return ids;
  });
  return featuredAnswer(ctx);
}
