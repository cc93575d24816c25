import { pagedSongs, publicSong } from '@hfm/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectingSerializer, projectionOf } from './answer-projection.js';

const song = {
  _id: 's1',
  id: 's1',
  artistID: 'a1',
  title: 'A "quoted" title',
  additionalArtists: null,
  publisher: null,
  songWriters: 'W',
  ISRC: null,
  embedCode: null,
  explicit: false,
  releaseDate: '01/02/2026',
  releaseAt: null,
  trackNumber: 3,
  isExclusive: false,
  comment: null,
  isFullPreview: false,
  fullPreviewPosition: 0,
  plays: 7,
  hifives: 1,
  status: 'ready' as const,
  downloads: 'ready' as const,
  failureReason: null,
  duration: 181.5,
  active: true,
  albumID: null,
  albumIDs: [],
  loudness: { integratedLufs: -14, truePeakDb: -1, lra: 6 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const page = {
  items: [song, { ...song, loudness: null }],
  pagination: { page: 1, limit: 12, total: 2, pageCount: 1, hasMore: false },
};
const serialize = projectingSerializer({ schema: pagedSongs });

describe('projectingSerializer', () => {
  it("writes the same bytes as zod's serializer (parse, then JSON.stringify)", () => {
    expect(serialize(page)).toBe(JSON.stringify(pagedSongs.parse(page)));
  });

  it('sends no undeclared field, at any depth', () => {
    const leaky = {
      ...page,
      secret: 'top',
      items: [{ ...song, originalKey: 'media/original.wav', loudness: { ...song.loudness, peaks: 'x' } }],
      pagination: { ...page.pagination, sql: 'select' },
    };
    const sent = serialize(leaky);
    for (const undeclared of ['secret', 'originalKey', 'media/original.wav', 'peaks', 'sql']) {
      expect(sent).not.toContain(undeclared);
    }
    expect(JSON.parse(sent)).toEqual(pagedSongs.parse(leaky));
  });

  it('writes the declared keys in the schema’s order, whatever the value’s own order', () => {
    const reversed = Object.fromEntries(Object.entries(song).reverse());
    expect(Object.keys(JSON.parse(JSON.stringify(projectionOf(publicSong)(reversed))))).toEqual(
      Object.keys(publicSong.shape),
    );
  });

  it('refuses, when the route is registered, a schema it cannot project as zod would', () => {
    for (const schema of [
      z.object({ a: z.string() }).passthrough(),
      z.union([z.string(), z.number()]),
      z.string().transform((value) => value.length),
      z.record(z.string(), z.number()),
    ]) {
      expect(() => projectingSerializer({ schema })).toThrow(/projectionOf/);
    }
  });
});
