import { describe, expect, it } from 'vitest';
import { addMonths, earningsMessages, monthOf, monthsBetween, revenueQuery } from './earnings.js';

describe('months as YYYY-MM', () => {
  it.each([
    ['2025-01', '2025-01', 1],
    ['2025-01', '2025-12', 12],
    ['2024-11', '2025-02', 4],
    ['2025-02', '2025-01', 0],
    ['2010-02', '2020-01', 120],
  ])('monthsBetween(%s, %s) = %i', (from, to, count) => expect(monthsBetween(from, to)).toBe(count));

  it.each([
    ['2025-01', -1, '2024-12'],
    ['2025-01', -11, '2024-02'],
    ['2024-12', 1, '2025-01'],
    ['2025-03', 0, '2025-03'],
  ])('addMonths(%s, %i) = %s', (month, count, expected) => expect(addMonths(month, count)).toBe(expected));

  it('monthOf is the UTC month', () => {
    expect(monthOf(new Date('2025-01-31T23:59:59.999Z'))).toBe('2025-01');
    expect(monthOf(new Date('2025-02-01T00:00:00.000Z'))).toBe('2025-02');
  });
});

describe('revenueQuery', () => {
  const issue = (query: object) => {
    const result = revenueQuery.safeParse(query);
    return result.success ? null : result.error.issues.map((item) => [item.path.join('.'), item.message]);
  };
  it.each([
    [{}, null],
    [{ from: '2025-01' }, null],
    [{ from: '2025-01', to: '2025-01' }, null],
    [{ from: '2010-02', to: '2020-01' }, null],
    [{ from: '2025-13' }, [['from', earningsMessages.badMonth]]],
    [{ to: '2025-1' }, [['to', earningsMessages.badMonth]]],
    [{ from: '0999-01' }, [['from', earningsMessages.badMonth]]],
    [{ from: '2025-02', to: '2025-01' }, [['from', earningsMessages.monthOrder]]],
    [{ from: '2010-01', to: '2020-01' }, [['from', earningsMessages.tooManyMonths]]],
  ])('%j: %j', (query, expected) => expect(issue(query)).toEqual(expected));
});
