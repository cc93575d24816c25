import { describe, expect, it } from 'vitest';
import { choosePicks, groupByArtist, picksMonthOf, picksNotice, type CandidateArtist } from './hfm-picks.js';

const artists = (spec: Record<string, number>): CandidateArtist[] =>
  Object.entries(spec).map(([artistId, count]) => ({
    artistId,
    songIds: Array.from({ length: count }, (_, index) => `${artistId}${index + 1}`),
  }));

describe('choosing HFM Picks', () => {
  it.each([
    ['2025-01-01T00:00:00Z', '2025-01'],
    ['2025-12-31T23:59:59Z', '2025-12'],
    ['2026-03-01T00:30:00+02:00', '2026-02'],
  ])('the month of %s (UTC) is %s', (at, month) => {
    expect(picksMonthOf(new Date(at))).toBe(month);
  });

  it('gives each playlist five artists not used yet this month, in the shuffled order', () => {
    const chosen = choosePicks(artists({ a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1, i: 1, j: 1, k: 1 }), 2);
    expect(chosen.map((list) => list.map((song) => song.songId))).toEqual([
      ['a1', 'b1', 'c1', 'd1', 'e1'],
      ['f1', 'g1', 'h1', 'i1', 'j1'],
    ]);
    expect(picksNotice(chosen)).toBeNull();
  });

  it('reuses artists only when there are too few, never twice in a playlist, fresh songs first', () => {
    const chosen = choosePicks(artists({ a: 2, b: 1, c: 1, d: 1, e: 1, f: 1 }), 2);
    expect(chosen.map((list) => list.map((song) => song.songId))).toEqual([
      ['a1', 'b1', 'c1', 'd1', 'e1'],
      ['f1', 'a2', 'b1', 'c1', 'd1'],
    ]);
    expect(picksNotice(chosen)).toBe(
      'Only 6 opted-in artists have released songs: some artists are in more than one playlist.',
    );
  });

  it('keeps clear of what the month holds already', () => {
    const soFar = { artists: new Set(['a', 'b']), songs: new Set(['a1', 'b1']) };
    const [list] = choosePicks(artists({ a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1 }), 1, soFar);
    expect(list!.map((song) => song.songId)).toEqual(['c1', 'd1', 'e1', 'f1', 'g1']);
  });

  it('says when a playlist is short', () => {
    const chosen = choosePicks(artists({ a: 1 }), 3);
    expect(chosen.map((list) => list.length)).toEqual([1, 1, 1]);
    expect(picksNotice(chosen)).toBe(
      'Only 1 opted-in artist has released songs: some playlists have fewer than five songs, and some artists are ' +
        'in more than one playlist.',
    );
  });

  it('groups candidate rows by artist, keeping their order', () => {
    const rows = [
      { songId: 'b1', artistId: 'b' },
      { songId: 'b2', artistId: 'b' },
      { songId: 'a1', artistId: 'a' },
    ];
    expect(groupByArtist(rows)).toEqual([
      { artistId: 'b', songIds: ['b1', 'b2'] },
      { artistId: 'a', songIds: ['a1'] },
    ]);
  });
});
