import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAlbum, createSong } from '../../test/factories.js';
import { albumRows, songRows } from '../../test/matrix/studio.rows.js';
import { describeMatrix } from '../../test/permission-matrix.js';
import { injectAs } from '../../test/route-cast.js';

const world = describeMatrix('songs and albums permission matrix', [...songRows, ...albumRows]);

describe('refused writes change nothing', () => {
  it("leaves the artist's song and album as they were after other people's attempts", async () => {
    const { t, people, cookies } = world();
    const song = await createSong(t.app, people.artist.artistId, { title: 'Untouched' });
    const album = await createAlbum(t.app, people.artist.artistId, { name: 'Untouched', songIds: [song.id] });
    for (const actor of ['anonymous', 'fan', 'otherFan', 'otherArtist'] as const) {
      const cookie = cookies[actor];
      const as = (options: InjectOptions) => injectAs(t, cookie, options);
      await as({ method: 'PUT', url: `/api/songs/${song.id}`, payload: { title: 'Hacked' } });
      await as({ method: 'PATCH', url: `/api/albums/update/${album.id}`, payload: { name: 'Hacked', songs: [] } });
      await as({ method: 'DELETE', url: `/api/songs/${song.id}` });
      await as({ method: 'DELETE', url: `/api/albums/${album.id}` });
    }
    const songNow = await injectAs(t, cookies.artist, { method: 'GET', url: `/api/songs/${song.id}` });
    expect(songNow.json().title).toBe('Untouched');
    const albumNow = await injectAs(t, cookies.artist, { method: 'GET', url: `/api/albums/${album.id}` });
    expect(albumNow.json()).toMatchObject({ name: 'Untouched', songs: [song.id] });
  });
});
