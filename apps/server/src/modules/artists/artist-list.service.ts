import { DEFAULT_TIER_FILTER, paginate, type ArtistListQuery, type Paged, type PublicArtist } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { containsPattern } from '../../platform/db/like.js';
import { isAdmin, type Actor } from '../access/index.js';
import { accountIdsWithEmailLike } from '../users/index.js';
import {
  listArtistRows,
  listPublicArtistRows,
  type ArtistListFilter,
  type ArtistListOrder,
} from './artists.repository.js';
import { presentArtistsForAdmin, presentListedArtists } from './artists.service.js';

/**
 * Admins see every artist and may filter by status and tier (`defaults` fills in the spec's default
 * filters, tier 'Tier 1' and status ACTIVE, where none is given), search by name or the account's email,
 * and sort. Everyone else sees ACTIVE, searchable artists, newest first, and their filters are ignored.
 */
function adminFilter(ctx: AppContext, query: ArtistListQuery): ArtistListFilter {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return {
    status: query.status ?? (query.defaults ? 'ACTIVE' : undefined),
    tier: query.tier ?? (query.defaults ? DEFAULT_TIER_FILTER : undefined),
    ...(pattern ? { search: { pattern, userIds: accountIdsWithEmailLike(ctx.db, pattern) } } : {}),
  };
}

function adminOrder(query: ArtistListQuery): ArtistListOrder {
  return { sort: query.sort, order: query.order };
}

export async function listArtists(ctx: AppContext, actor: Actor, query: ArtistListQuery): Promise<Paged<PublicArtist>> {
  const { page, limit } = query;
  const range = { offset: (page - 1) * limit, limit };
  if (!isAdmin(actor)) {
    // Everyone else's list has one filter and one order: prepared statements, photos read with the rows.
    const { rows, total } = await listPublicArtistRows(ctx.db, range);
    return { items: await presentListedArtists(ctx.db, rows), pagination: paginate(page, limit, total) };
  }
  const { rows, total } = await listArtistRows(ctx.db, adminFilter(ctx, query), range, adminOrder(query));
  return { items: await presentArtistsForAdmin(ctx.db, rows), pagination: paginate(page, limit, total) };
}
