import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { downloadOptions } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createArtist,
  createSubscription,
  createUser,
  makeImageDataUrl,
  multipart,
  signIn,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { makeWav } from '../../test/wav.js';
import { TRANSCODE_JOB } from '../songs/songs.jobs.js';
import { injectAs } from '../../test/route-cast.js';

/** ffprobe's tags and attached pictures of a file. */
function probe(file: string) {
  const json = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
  const parsed = JSON.parse(json.toString()) as {
    format: { format_name: string; tags?: Record<string, string> };
    streams: { codec_type: string; disposition?: { attached_pic?: number } }[];
  };
  const tags = Object.fromEntries(Object.entries(parsed.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const pictures = parsed.streams.filter((stream) => stream.disposition?.attached_pic === 1);
  return { format: parsed.format.format_name, tags, pictures: pictures.length };
}

describe('what a subscriber downloads: a real transcoded file, tagged, with the album cover', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { jobs: true });
  });
  afterAll(async () => t.close());

  it('serves a FLAC carrying title, artist and the cover, at the size the menu announced', async () => {
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'The Taggers' } });
    const cookie = await signIn(t.app, artist);
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = cookie) =>
      injectAs(t, as, { method, url, ...(payload ? { payload } : {}) });

    const album = (await inject('POST', '/api/albums', { name: 'Cover Story', songs: [] })).json();
    const artwork = await inject('PUT', `/api/albums/upload/artwork/${album.id}`, {
      imageData: await makeImageDataUrl('jpeg'),
    });
    expect(artwork.statusCode, artwork.body).toBe(200);
    const song = await inject('POST', '/api/songs', {
      title: 'Tagged Tune',
      releaseDate: '05/01/2025',
      albumIDs: [album.id],
    });
    expect(song.statusCode, song.body).toBe(201);
    const songId = song.json().id as string;
    const form = multipart([{ name: 'file', fileName: 'tune.wav', type: 'audio/wav', data: makeWav(4) }]);
    const upload = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload/${songId}`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await t.app.ctx.jobs.idle([TRANSCODE_JOB], { timeoutMs: 100_000 });
    expect((await inject('GET', `/api/songs/${songId}`)).json().status).toBe('ready');

    const fan = await createUser(t.app);
    const fanCookie = await signIn(t.app, fan);
    await createSubscription(t.app, { memberId: fan.id, artistId: artist.artistId });
    // The files made at upload (the formats made on first request: song-formats.routes.test.ts).
    const menu = downloadOptions
      .parse((await inject('GET', `/api/songs/${songId}/downloads`, undefined, fanCookie)).json())
      .filter((option) => !option.estimated);
    expect(menu.map((option) => option.format)).toEqual(['flac', 'wav', 'mp3']);

    for (const option of menu) {
      const answer = await inject('GET', `/api/songs/${songId}/download?format=${option.format}`, undefined, fanCookie);
      expect(answer.statusCode).toBe(200);
      const url = new URL(answer.json().url, 'http://x');
      const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length, option.format).toBe(option.bytes);
      const saved = path.join(t.dataDir, `downloaded.${option.format}`);
      fs.writeFileSync(saved, file.rawPayload);
      const probed = probe(saved);
      expect(probed.tags, option.format).toMatchObject({ title: 'Tagged Tune', artist: 'The Taggers' });
      if (option.format !== 'wav') {
        expect(probed.tags.album, option.format).toBe('Cover Story');
        expect(probed.pictures, `${option.format} cover`).toBe(1);
      }
      if (option.format === 'flac') expect(probed.format).toBe('flac');
    }
  }, 120_000);
});
