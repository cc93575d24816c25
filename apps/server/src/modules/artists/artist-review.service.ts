import {
  adminOnlyField,
  ARTIST_ADMIN_FIELDS,
  auditionSongsNeeded,
  DEFAULT_TIER,
  DEFAULT_TIER_FILTER,
  MIN_AUDITION_SONGS,
  type ArtistStatus,
  type UpdateArtistBody,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, conflict } from '../../errors/app-error.js';
import { countReadySongs, isAdmin, type Actor } from '../access/index.js';
import { queueApprovalMail } from './approval-mail.js';
import type { ArtistPatch, ArtistRow } from './artists.repository.js';
import { lockFeaturedOrder, placeFeaturedLocked, type FeaturedPlacement } from './featured.service.js';

/**
 * An admin's review of an artist, as part of PATCH/PUT /api/artists/{id}: approval (status), tier, scores,
 * searchability, exclusivity and featuring. Only admins may send these fields.
 */

export interface ReviewChange {
  /** The row's admin fields as sent (featuring's position aside: the featured order places it). */
  patch: ArtistPatch;
  /** Where the artist should stand in the featured order, when the request says. */
  placement?: FeaturedPlacement;
  /** Whether the request sent these (approval fills them in only when it did not). */
  sentTier: boolean;
  sentSearchable: boolean;
}

const FEATURED_POSITION_RULE = 'A featured artist has a position of 0 or more; -1 means not featured.';

/** The admin-only fields this body sends (present, whatever the value). */
export function adminFieldsSent(body: UpdateArtistBody): string[] {
  return ARTIST_ADMIN_FIELDS.filter((field) => body[field] !== undefined);
}

/**
 * What the body asks of the review. Anyone but an admin who sends an admin-only field is refused (403,
 * each field named) before anything is read or saved.
 */
export function reviewChange(actor: Actor, body: UpdateArtistBody): ReviewChange | null {
  const sent = adminFieldsSent(body);
  if (sent.length === 0) return null;
  if (!isAdmin(actor)) {
    const fields = Object.fromEntries(sent.map((field) => [field, adminOnlyField(field)]));
    throw new AppError('FORBIDDEN', adminOnlyField(sent.join(', ')), fields);
  }
  const patch: ArtistPatch = {};
  if (body.status !== undefined) patch.status = body.status;
  if (body.tier !== undefined) patch.tier = body.tier;
  if (body.featuredBio !== undefined) patch.featuredBio = body.featuredBio?.trim() || null;
  if (body.scoreMatrix !== undefined) patch.scoreMatrix = body.scoreMatrix;
  const isSearchable = body.isSearchable ?? body.searchStatus?.isSearchable;
  if (isSearchable !== undefined) patch.isSearchable = isSearchable;
  if (body.isExclusive !== undefined) patch.isExclusive = body.isExclusive;
  return {
    patch,
    placement: placementOf(body),
    sentTier: body.tier !== undefined,
    sentSearchable: isSearchable !== undefined,
  };
}

/**
 * isFeatured true: in the order (at featuredPosition when sent, else where it is or last); false or
 * featuredPosition -1: out; featuredPosition n alone: at n. A contradiction is a 400.
 */
function placementOf({ isFeatured, featuredPosition }: UpdateArtistBody): FeaturedPlacement | undefined {
  if (isFeatured === undefined && featuredPosition === undefined) return undefined;
  const out = isFeatured === false || featuredPosition === -1;
  if (out && (isFeatured === true || (featuredPosition !== undefined && featuredPosition >= 0))) {
    throw badRequest(FEATURED_POSITION_RULE, { featuredPosition: FEATURED_POSITION_RULE });
  }
  return out ? { featured: false } : { featured: true, position: featuredPosition };
}

/** Whether the change touches the featured order: featuring, or a status (only ACTIVE artists stay featured). */
export function touchesFeatured(change: ReviewChange | null): boolean {
  return change !== null && (change.placement !== undefined || change.patch.status !== undefined);
}

export { lockFeaturedOrder };

const approves = (before: ArtistRow, status: ArtistStatus | undefined) =>
  status === 'ACTIVE' && before.status !== 'ACTIVE';

/**
 * The row patch of the change, given the artist before it. Approval (to ACTIVE from anything else) stamps
 * approvedAt the first time, makes the artist searchable and a tier still 'In Review' 'Tier 1', unless
 * the request says otherwise. Moving a terminated (CANCELLED) artist to another status clears its termination.
 */
export function reviewPatch(before: ArtistRow, change: ReviewChange, now = new Date()): ArtistPatch {
  const patch: ArtistPatch = { ...change.patch };
  // An admin reinstating an artist who had left: the termination is history (decision 0021); the
  // subscriptions it ended stay ended, and fans may subscribe again.
  if (before.status === 'CANCELLED' && change.patch.status !== undefined && change.patch.status !== 'CANCELLED') {
    Object.assign(patch, { terminatedAt: null, terminatedBy: null, terminationReason: null });
  }
  if (approves(before, change.patch.status as ArtistStatus | undefined)) {
    if (!before.approvedAt) patch.approvedAt = now;
    if (!change.sentSearchable) patch.isSearchable = true;
    if (!change.sentTier && before.tier === DEFAULT_TIER) patch.tier = DEFAULT_TIER_FILTER;
  }
  return patch;
}

/**
 * Approval (to ACTIVE from anything else) needs the audition: at least MIN_AUDITION_SONGS ready songs, as the
 * studio tells the artist. A 409 otherwise, before anything is written. Call it with the artist row locked.
 */
export async function assertAuditionHeard(
  ctx: Pick<AppContext, 'db'>,
  before: ArtistRow,
  change: ReviewChange | null,
): Promise<void> {
  if (!change || !approves(before, change.patch.status as ArtistStatus | undefined)) return;
  const ready = (await countReadySongs(ctx, [before.id])).get(before.id) ?? 0;
  if (ready < MIN_AUDITION_SONGS) throw conflict(auditionSongsNeeded);
}

/**
 * What follows the row change, in its transaction (the featuring lock already held): the approval mail is
 * queued; a featuring request places the artist (409 unless it is ACTIVE); an artist whose status is
 * now anything but ACTIVE leaves the featured order and the others close up.
 */
export async function afterReview(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  before: ArtistRow,
  after: ArtistRow,
  change: ReviewChange,
): Promise<void> {
  if (approves(before, change.patch.status as ArtistStatus | undefined)) {
    await queueApprovalMail(ctx, { artistId: after.id, again: before.approvedAt !== null });
  }
  if (change.placement) await placeFeaturedLocked(ctx, after, change.placement);
  else if (change.patch.status !== undefined && after.status !== 'ACTIVE') {
    await placeFeaturedLocked(ctx, after, { featured: false });
  }
}
