import { DEFAULT_TIER_FILTER, paginate, type ArtistListQuery, type Paged, type PublicArtist } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import { containsPattern } from '../../platform/db/like.js';
import { isAdmin, type Actor } from '../access/index.js';
import { accountIdsWithEmailLike } from '../users/index.js';
import { listArtistRows, type ArtistListFilter, type ArtistListOrder } from './artists.repository.js';
import { presentArtists, presentArtistsForAdmin } from './artists.service.js';

/**
 * Admins see every artist and may filter by status and tier (`defaults` fills in the spec's default
 * filters, tier 'Tier 1' and status ACTIVE, where none is given), search by name or the account's email,
 * and sort. Everyone else sees ACTIVE, searchable artists, newest first, and their filters are ignored.
 */
function listFilter(ctx: AppContext, actor: Actor, query: ArtistListQuery): ArtistListFilter {
  if (!isAdmin(actor)) return { status: 'ACTIVE', isSearchable: true };
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return {
    status: query.status ?? (query.defaults ? 'ACTIVE' : undefined),
    tier: query.tier ?? (query.defaults ? DEFAULT_TIER_FILTER : undefined),
    ...(pattern ? { search: { pattern, userIds: accountIdsWithEmailLike(ctx.db, pattern) } } : {}),
  };
}

function listOrder(actor: Actor, query: ArtistListQuery): ArtistListOrder {
  return isAdmin(actor) ? { sort: query.sort, order: query.order } : { sort: 'createdAt', order: 'desc' };
}

export async function listArtists(ctx: AppContext, actor: Actor, query: ArtistListQuery): Promise<Paged<PublicArtist>> {
  const { page, limit } = query;
  const { rows, total } = await listArtistRows(
    ctx.db,
    listFilter(ctx, actor, query),
    { offset: (page - 1) * limit, limit },
    listOrder(actor, query),
  );
  const items = await (isAdmin(actor) ? presentArtistsForAdmin : presentArtists)(ctx.db, rows);
  return { items, pagination: paginate(page, limit, total) };
}
