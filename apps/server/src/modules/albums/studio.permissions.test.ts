import { describe, expect, it } from 'vitest';
import { createAlbum, createSong } from '../../test/factories.js';
import { albumRows, songRows } from '../../test/matrix/studio.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';

const world = describeMatrix('songs and albums permission matrix', [...songRows, ...albumRows]);

describe('refused writes change nothing', () => {
  it("leaves the artist's song and album as they were after other people's attempts", async () => {
    const { t, people, cookies } = world();
    const song = await createSong(t.app, people.artist.artistId, { title: 'Untouched' });
    const album = await createAlbum(t.app, people.artist.artistId, { name: 'Untouched', songIds: [song.id] });
    for (const actor of ['anonymous', 'fan', 'otherFan', 'otherArtist'] as const) {
      const cookie = cookies[actor];
      const headers = cookie ? { cookie } : {};
      await t.app.inject({ method: 'PUT', url: `/api/songs/${song.id}`, payload: { title: 'Hacked' }, headers });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/albums/update/${album.id}`,
        payload: { name: 'Hacked', songs: [] },
        headers,
      });
      await t.app.inject({ method: 'DELETE', url: `/api/songs/${song.id}`, headers });
      await t.app.inject({ method: 'DELETE', url: `/api/albums/${album.id}`, headers });
    }
    const owner = { cookie: cookies.artist! };
    const songNow = await t.app.inject({ method: 'GET', url: `/api/songs/${song.id}`, headers: owner });
    expect(songNow.json().title).toBe('Untouched');
    const albumNow = await t.app.inject({ method: 'GET', url: `/api/albums/${album.id}`, headers: owner });
    expect(albumNow.json()).toMatchObject({ name: 'Untouched', songs: [song.id] });
  });
});
