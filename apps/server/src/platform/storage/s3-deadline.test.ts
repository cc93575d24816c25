import { messages } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtist, signIn } from '../../test/factories.js';
import { startMoto, type MotoServer } from '../../test/moto-server.js';
import { createBucket, s3Env } from '../../test/s3-test-app.js';
import { startTcpPause, type TcpPause } from '../../test/tcp-pause.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { STORAGE_DEADLINES_MS } from './deadline.js';
import { injectAs } from '../../test/route-cast.js';

/**
 * A real S3-compatible server (moto) behind a proxy that can stop it answering: connections are accepted and
 * requests sent, and nothing comes back, as from a hung store. Seen before: a presign held 100 s and more.
 */
describe('an S3 that stops answering', () => {
  let moto: MotoServer;
  let proxy: TcpPause;
  let t: TestApp;
  let cookie: string;
  const bucket = 'hfm-deadline';

  beforeAll(async () => {
    moto = await startMoto();
    await createBucket(moto.endpoint, bucket);
    proxy = await startTcpPause(Number(new URL(moto.endpoint).port));
    t = await createTestApp(s3Env(`http://127.0.0.1:${proxy.port}`, bucket));
    cookie = await signIn(t.app, await createArtist(t.app, { artist: { status: 'ACTIVE' } }));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    moto?.stop();
  });

  const inject = (url: string, payload: object) => injectAs(t, cookie, { method: 'POST', url, payload });
  const file = { name: 'held.wav', size: 6_000_000, type: 'audio/wav', s3Path: 'songs' };

  it('answers a presign 503 within its deadline, and presigns at once when the store answers again', async () => {
    const song = await inject('/api/songs', { title: 'Held Up', releaseDate: '05/01/2025' });
    const songId = song.json().id as string;
    const presign = () => inject(`/api/songs/upload-presigned/${songId}`, { files: [file] });
    expect((await presign()).statusCode).toBe(200);

    proxy.pause();
    const started = Date.now();
    const held = await presign();
    const tookMs = Date.now() - started;
    expect(held.statusCode).toBe(503);
    expect(held.json()).toEqual({ error: { code: 'UNAVAILABLE', message: messages.storageNotAnswering } });
    expect(held.headers['retry-after']).toBe('30');
    // The same file presigned again asks the store one thing (its parts), under one call's deadline.
    expect(tookMs).toBeGreaterThanOrEqual(STORAGE_DEADLINES_MS.call - 50);
    expect(tookMs).toBeLessThan(STORAGE_DEADLINES_MS.call + 3_000);

    proxy.resume();
    const again = await presign();
    expect(again.statusCode).toBe(200);
    expect(again.json()[0].urls).toHaveLength(2);
  }, 120_000);
});
