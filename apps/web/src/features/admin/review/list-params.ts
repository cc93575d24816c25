import { ARTIST_SORTS, ARTIST_STATUSES, SORT_ORDERS, TIERS, type ArtistSort, type SortOrder } from '@hfm/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ArtistListRequest } from '../../../api/artists/list-artists';

/** What an admin artist list shows, kept in the address (`#/artists?tier=all&sort=totalScore:desc&page=2`). */
export interface ListParams {
  page: number;
  search: string;
  sort: ArtistSort;
  order: SortOrder;
  /** '' is every status (or tier). */
  status: string;
  tier: string;
}

export interface ListDefaults {
  status: string;
  tier: string;
}

/** The value in the address meaning "every status" or "every tier". */
export const ALL = 'all';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

export function readListParams(params: URLSearchParams, defaults: ListDefaults): ListParams {
  const [sort, order] = (params.get('sort') ?? '').split(':');
  const page = Number(params.get('page'));
  const filter = (name: 'status' | 'tier', values: readonly string[]) => {
    const value = params.get(name);
    if (value === ALL) return '';
    return oneOf(values, value) ?? defaults[name];
  };
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: params.get('search') ?? '',
    sort: oneOf(ARTIST_SORTS, sort ?? null) ?? 'createdAt',
    order: oneOf(SORT_ORDERS, order ?? null) ?? 'desc',
    status: filter('status', ARTIST_STATUSES),
    tier: filter('tier', TIERS),
  };
}

/** The list request for the server: '' filters and an empty search are left out. */
export function toListRequest(list: ListParams, limit: number): ArtistListRequest {
  return {
    page: list.page,
    limit,
    sort: list.sort,
    order: list.order,
    ...(list.search ? { search: list.search } : {}),
    ...(list.status ? { status: list.status as ArtistListRequest['status'] } : {}),
    ...(list.tier ? { tier: list.tier as ArtistListRequest['tier'] } : {}),
  };
}

/**
 * The list's parameters from the address, and a setter that writes changes back (any change but the page
 * goes back to page 1). Opening an artist and coming back finds the list as it was.
 */
export function useListParams(defaults: ListDefaults) {
  const [params, setParams] = useSearchParams();
  const list = readListParams(params, defaults);
  const update = useCallback(
    (change: Partial<ListParams>) => {
      setParams(
        (current) => {
          const next = { ...readListParams(current, defaults), page: 1, ...change };
          const written = new URLSearchParams();
          if (next.page > 1) written.set('page', String(next.page));
          if (next.search) written.set('search', next.search);
          if (next.sort !== 'createdAt' || next.order !== 'desc') written.set('sort', `${next.sort}:${next.order}`);
          if (next.status !== defaults.status) written.set('status', next.status || ALL);
          if (next.tier !== defaults.tier) written.set('tier', next.tier || ALL);
          return written;
        },
        { replace: change.page === undefined },
      );
    },
    [setParams, defaults],
  );
  return [list, update] as const;
}
