import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pagination = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pageCount: z.number(),
  hasMore: z.boolean(),
});
export type Pagination = z.infer<typeof pagination>;

/** One page of a list: the items and where the page sits in the whole. */
export function paged<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), pagination });
}

export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

export function paginate(page: number, limit: number, total: number): Pagination {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, pageCount, hasMore: page < pageCount };
}
