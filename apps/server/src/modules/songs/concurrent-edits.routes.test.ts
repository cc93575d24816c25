import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumSongs } from '../../platform/db/schema.js';
import { createAlbum, createArtist, createSong, signIn, type TestArtist } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

/**
 * Many edits of one artist's catalogue at once, as two browser tabs and a double click make them. On
 * PostgreSQL (TEST_DATABASE_URL) they really overlap; on PGlite they run one by one and must pass too.
 */
let t: TestApp;
let artist: TestArtist;
let cookie: string;
let songIds: string[];

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 10 });
  artist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  cookie = await signIn(t.app, artist);
  songIds = [];
  for (let i = 0; i < 8; i++) songIds.push((await createSong(t.app, artist.artistId, { title: `Song ${i}` })).id);
});
afterAll(async () => t.close());

describe('concurrent edits of one artist', () => {
  it('three bursts of 40 parallel full-preview moves: no 5xx, and the positions end as one clean order', async () => {
    for (const id of songIds.slice(0, 6)) {
      const res = await injectAs(t, cookie, {
        method: 'PUT',
        url: `/api/songs/full-preview-position/${id}`,
        payload: { position: 99, artistID: artist.artistId },
      });
      expect(res.statusCode).toBe(200);
    }
    const pick = sequence(7);
    const burst = () =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const id = songIds[pick(songIds.length)]!;
          return injectAs(
            t,
            cookie,
            i % 7 === 6
              ? { method: 'PUT', url: `/api/songs/full-preview-remove/${id}`, payload: {} }
              : {
                  method: 'PUT',
                  url: `/api/songs/full-preview-position/${id}`,
                  payload: { position: pick(8), artistID: artist.artistId },
                },
          );
        }),
      );
    const answers = [...(await burst()), ...(await burst()), ...(await burst())];
    expect(answers.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);

    const songs = await injectAs(t, cookie, {
      method: 'GET',
      url: `/api/songs/artist/${artist.artistId}`,
    });
    const previews = (songs.json().items as { isFullPreview: boolean; fullPreviewPosition: number }[])
      .filter((song) => song.isFullPreview)
      .map((song) => song.fullPreviewPosition)
      .sort((a, b) => a - b);
    expect(previews).toEqual(previews.map((_, index) => index));
    expect(previews.length).toBeGreaterThan(0);
  });

  it('40 parallel album edits: no 5xx, and the album ends holding exactly one of the orders sent', async () => {
    const album = await createAlbum(t.app, artist.artistId, { songIds: songIds.slice(0, 4) });
    const pick = sequence(11);
    const orders = Array.from({ length: 40 }, () => shuffled(pick).slice(0, 3 + pick(5)));
    const answers = await Promise.all(
      orders.map((order, i) => editAlbum(album.id, { name: `Take ${i}`, songs: order })),
    );
    expect(answers.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
    const final = await injectAs(t, cookie, { method: 'GET', url: `/api/albums/${album.id}` });
    expect(orders).toContainEqual(final.json().songs);
  });

  it('album edits racing songs joining and leaving the album: no 5xx, no two songs in one place', async () => {
    const album = await createAlbum(t.app, artist.artistId, { songIds: songIds.slice(0, 2) });
    const pick = sequence(13);
    const burst = () =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2 === 0
            ? editAlbum(album.id, { songs: shuffled(pick).slice(0, 4 + pick(4)) })
            : injectAs(t, cookie, {
                method: 'PUT',
                url: `/api/songs/${songIds[pick(songIds.length)]}`,
                payload: { albumIDs: i % 3 === 0 ? [] : [album.id] },
              }),
        ),
      );
    const answers = [];
    for (let round = 0; round < 5; round++) answers.push(...(await burst()));
    expect(answers.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
    const rows = await t.app.ctx.db.select().from(albumSongs).where(eq(albumSongs.albumId, album.id));
    expect(new Set(rows.map((row) => row.position)).size).toBe(rows.length);
  });
});

function shuffled(pick: (below: number) => number): string[] {
  const ids = [...songIds];
  for (let i = ids.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

function editAlbum(id: string, payload: Record<string, unknown>) {
  return injectAs(t, cookie, { method: 'PATCH', url: `/api/albums/update/${id}`, payload });
}
