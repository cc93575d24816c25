import { searchResults } from '@hfm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trigramCount } from '../../platform/db/schema/catalogue.js';
import { createArtist, createSong, type TestArtist } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Songs are searched band by band, shortest titles first (decision 0019): a longer band is skipped only when
 * none of its titles can be nearer than the candidates already found.
 */
let t: TestApp;
let artist: TestArtist;
beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app, { artist: { name: 'Band Walkers', status: 'ACTIVE', isSearchable: true } });
});
afterAll(async () => t.close());

async function trigramsOf(text: string): Promise<number> {
  const result = (await t.app.ctx.db.execute(sql`select ${trigramCount(sql`${text}::text`)} as n`)) as {
    rows: { n: number | string }[];
  };
  return Number(result.rows[0]!.n);
}

async function songTitles(term: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?s=${encodeURIComponent(term)}` });
  expect(res.statusCode, res.body).toBe(200);
  return searchResults.parse(res.json()).flatMap((result) => (result.type === 'song' ? [result.title] : []));
}

describe('search over the title bands', () => {
  it('finds a nearer title in a longer band though the shortest band fills the candidates', async () => {
    // 26 short titles holding the term inside a word (12 trigrams, 7 shared: the shortest band), and one
    // longer title holding it as a word (16 trigrams, all 10 shared: a longer band, and nearer).
    const inside = [...'abcdefghijklmnopqrstuvwxyz'].map((letter) => `a${'zephyrine'}${letter}`);
    const nearer = 'Ab Zephyrine Cd';
    expect(await trigramsOf(inside[0]!)).toBe(12);
    expect(await trigramsOf(nearer)).toBe(16);
    for (const title of inside) await createSong(t.app, artist.artistId, { title, status: 'ready' });
    await createSong(t.app, artist.artistId, { title: nearer, status: 'ready' });

    const titles = await songTitles('zephyrine');
    expect(titles[0]).toBe(nearer);
    expect(titles.slice(1)).toEqual(inside.slice(0, 9));
  });
});
