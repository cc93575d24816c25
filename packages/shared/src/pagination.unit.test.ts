import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paged, pageQuery, paginate } from './pagination.js';

describe('pageQuery: default page 1, page size 12', () => {
  it.each([
    ['nothing', {}, { page: 1, limit: 12 }],
    ['strings from the query string', { page: '3', limit: '20' }, { page: 3, limit: 20 }],
    ['numbers', { page: 2, limit: 100 }, { page: 2, limit: 100 }],
    ['a page only', { page: '4' }, { page: 4, limit: 12 }],
  ])('parses %s', (_case, input, parsed) => {
    expect(pageQuery.parse(input)).toEqual(parsed);
  });

  it.each([
    ['page 0', { page: '0' }, 'page'],
    ['a negative page', { page: '-1' }, 'page'],
    ['a fractional page', { page: '1.5' }, 'page'],
    ['a word for page', { page: 'two' }, 'page'],
    ['limit 0', { limit: '0' }, 'limit'],
    ['limit over 100', { limit: '101' }, 'limit'],
  ])('rejects %s', (_case, input, field) => {
    const result = pageQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });
});

describe('paginate: page, pageCount and hasMore', () => {
  it.each([
    ['no items', 1, 12, 0, { pageCount: 1, hasMore: false }],
    ['less than a page', 1, 12, 5, { pageCount: 1, hasMore: false }],
    ['exactly one page', 1, 12, 12, { pageCount: 1, hasMore: false }],
    ['one more than a page', 1, 12, 13, { pageCount: 2, hasMore: true }],
    ['the last page', 2, 12, 13, { pageCount: 2, hasMore: false }],
    ['a middle page', 2, 12, 36, { pageCount: 3, hasMore: true }],
    ['past the end', 5, 12, 13, { pageCount: 2, hasMore: false }],
  ])('%s (page %i, limit %i, total %i)', (_case, page, limit, total, expected) => {
    expect(paginate(page, limit, total)).toEqual({ page, limit, total, ...expected });
  });
});

describe('paged(item): one page of a list', () => {
  const pagedNames = paged(z.object({ name: z.string() }));

  it('takes items of the given shape and the page they sit on', () => {
    const page = { items: [{ name: 'a' }], pagination: paginate(1, 12, 1) };
    expect(pagedNames.parse(page)).toEqual(page);
  });

  it('refuses items of another shape and a page without its pagination', () => {
    expect(pagedNames.safeParse({ items: [{ title: 'a' }], pagination: paginate(1, 12, 1) }).success).toBe(false);
    expect(pagedNames.safeParse({ items: [] }).success).toBe(false);
  });
});
