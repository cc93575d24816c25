import {
  DEFAULT_TIER_FILTER,
  messages,
  paginate,
  type ArtistListQuery,
  type Paged,
  type PublicArtist,
  type UpdateArtistBody,
} from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import { summarise } from '../../http/error-handler.js';
import { richTextToPlainText, sanitizeRichText } from '../../platform/media/sanitize-html.js';
import { requireAccess } from '../access/access.service.js';
import { isAdmin, type Actor } from '../access/permissions.js';
import { findGenre } from '../genres/genres.service.js';
import {
  findArtistRowById,
  listArtistRows,
  updateArtistRow,
  type ArtistListFilter,
  type ArtistPatch,
  type ArtistRow,
} from './artists.repository.js';
import { presentArtists } from './artists.service.js';
import { ADMIN_STATUS_REASON, terminateArtist } from './termination.service.js';

export const NO_SUCH_ARTIST = 'No such artist.';

async function loadArtist(ctx: AppContext, artistId: string): Promise<ArtistRow> {
  const row = await findArtistRowById(ctx.db, artistId);
  if (!row) throw notFound(NO_SUCH_ARTIST);
  return row;
}

/** An artist that is not ACTIVE is visible to itself and admins only; to anyone else it does not exist. */
export async function getArtist(ctx: AppContext, actor: Actor, artistId: string): Promise<PublicArtist> {
  await requireAccess(ctx, actor, 'artist.view', [artistId]);
  return (await presentArtists(ctx.db, [await loadArtist(ctx, artistId)]))[0]!;
}

/**
 * Admins see every artist and may filter by status and tier; `defaults` fills in the spec's default
 * filters (tier 'Tier 1', status ACTIVE) where none is given. Everyone else sees ACTIVE, searchable
 * artists and their filters are ignored.
 */
function listFilter(actor: Actor, query: ArtistListQuery): ArtistListFilter {
  if (!isAdmin(actor)) return { status: 'ACTIVE', isSearchable: true };
  return {
    status: query.status ?? (query.defaults ? 'ACTIVE' : undefined),
    tier: query.tier ?? (query.defaults ? DEFAULT_TIER_FILTER : undefined),
  };
}

export async function listArtists(ctx: AppContext, actor: Actor, query: ArtistListQuery): Promise<Paged<PublicArtist>> {
  const { page, limit } = query;
  const { rows, total } = await listArtistRows(ctx.db, listFilter(actor, query), {
    offset: (page - 1) * limit,
    limit,
  });
  return { items: await presentArtists(ctx.db, rows), pagination: paginate(page, limit, total) };
}

async function genreIdFrom(ctx: AppContext, genre: NonNullable<UpdateArtistBody['genre']>): Promise<string | null> {
  return (await findGenre(ctx.db, typeof genre === 'string' ? genre : genre._id))?.id ?? null;
}

/** Sanitised rich text, or null when nothing is left once its markup is stripped. */
function bioFrom(html: string): string | null {
  const bio = sanitizeRichText(html);
  return richTextToPlainText(bio) === '' ? null : bio;
}

/** Name, genre, bio and the opt-in, checked together so every bad field is named at once. */
async function profilePatch(ctx: AppContext, body: UpdateArtistBody): Promise<ArtistPatch> {
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

function adminPatch(body: UpdateArtistBody): ArtistPatch {
  const patch: ArtistPatch = {};
  if (body.status !== undefined) patch.status = body.status;
  if (body.tier !== undefined) patch.tier = body.tier;
  if (body.isFeatured !== undefined) patch.isFeatured = body.isFeatured;
  if (body.featuredBio !== undefined) patch.featuredBio = body.featuredBio?.trim() || null;
  if (body.featuredPosition !== undefined) patch.featuredPosition = body.featuredPosition;
  if (body.scoreMatrix !== undefined) patch.scoreMatrix = body.scoreMatrix;
  const isSearchable = body.isSearchable ?? body.searchStatus?.isSearchable;
  if (isSearchable !== undefined) patch.isSearchable = isSearchable;
  if (body.isExclusive !== undefined) patch.isExclusive = body.isExclusive;
  return patch;
}

/**
 * The artist's own user or an admin. Artists change name, genre, bio and hfmPicksOptIn; the admin-only
 * fields they send are ignored (an artist may send its whole artist object back). Admins change all.
 */
export async function updateArtist(
  ctx: AppContext,
  actor: Actor,
  artistId: string,
  body: UpdateArtistBody,
): Promise<PublicArtist> {
  await requireAccess(ctx, actor, 'artist.manage', [artistId]);
  const row = await loadArtist(ctx, artistId);
  const patch = { ...(isAdmin(actor) ? adminPatch(body) : {}), ...(await profilePatch(ctx, body)) };
  // An admin setting CANCELLED terminates the licence, with the patch's other fields (decision 0020).
  if (patch.status === 'CANCELLED' && row.status !== 'CANCELLED') {
    const { status: _cancelled, ...alsoApply } = patch;
    return (await terminateArtist(ctx, actor, artistId, { reason: ADMIN_STATUS_REASON, alsoApply })).artist;
  }
  const updated = Object.keys(patch).length > 0 ? await updateArtistRow(ctx.db, artistId, patch) : row;
  if (!updated) throw notFound(NO_SUCH_ARTIST);
  return (await presentArtists(ctx.db, [updated]))[0]!;
}
