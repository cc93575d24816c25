import { isSearchTerm, SEARCH_LIMIT_PER_TYPE, type SearchResult } from '@hfm/shared';
import type { AppContext } from '../../context.js';
import type { Serializer } from '../../platform/read-models/read-model-cache.js';
import { presentAlbumMatch, presentArtistMatch, presentSongMatch } from './search.presenter.js';
import { findAlbumMatches, findArtistMatches, findSongMatches } from './search.repository.js';

/**
 * GET /api/search: artists, then songs, then albums whose name or title contains the term
 * case-insensitively, each type best match first and at most SEARCH_LIMIT_PER_TYPE. A term that is not a
 * search term (isSearchTerm: SEARCH_MIN_LENGTH code points after trimming) finds nothing.
 *
 * Anyone may search and there are no ids to check: what a fan may see is in the queries themselves, only
 * ACTIVE searchable artists and the access layer's definition of a released song.
 */
export async function searchCatalogue(ctx: Pick<AppContext, 'db'>, term: string): Promise<SearchResult[]> {
  const wanted = term.trim();
  if (!isSearchTerm(wanted)) return [];
  const [artistRows, songRows, albumRows] = await Promise.all([
    findArtistMatches(ctx.db, wanted, SEARCH_LIMIT_PER_TYPE),
    findSongMatches(ctx.db, wanted, SEARCH_LIMIT_PER_TYPE),
    findAlbumMatches(ctx.db, wanted, SEARCH_LIMIT_PER_TYPE),
  ]);
  return [
    ...artistRows.map(presentArtistMatch),
    ...songRows.map(presentSongMatch),
    ...albumRows.map(presentAlbumMatch),
  ];
}

/**
 * Search from the read-model cache (platform/read-models, docs/decisions/0059): the results are the same for
 * everyone, kept per trimmed term for the catalogue's version, so popular terms are answered from memory.
 */
export function cachedSearch(ctx: AppContext, term: string, serialize: Serializer<SearchResult[]>) {
  const wanted = term.trim();
  return ctx.platform.readModels.get('search', wanted, () => searchCatalogue(ctx, wanted), serialize);
}
