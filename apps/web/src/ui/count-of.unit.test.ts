import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from './count-of';

describe('countOf', () => {
  it('says one of a thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'song')).toBe('1 song');
    expect(countOf(0, 'album')).toBe('0 albums');
    expect(countOf(2, 'artist')).toBe('2 artists');
    expect(countOf(1204, 'account')).toBe('1,204 accounts');
  });

  it('takes an irregular plural', () => {
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(nounFor(1, 'person', 'people')).toBe('person');
  });
});
