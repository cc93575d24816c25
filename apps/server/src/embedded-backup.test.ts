import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { seedStartupData } from './modules/index.js';
import {
  createArtist,
  createStoredSong,
  createSubscription,
  createUser,
  signIn,
  type TestUser,
} from './test/factories.js';
import { injectAs } from './test/route-cast.js';

/**
 * The embedded mode's backup (docs/operations.md): stop the server, copy DATA_DIR, and a server started on
 * the copy is the same HFM. Runs a real app on an on-disk PGlite and file store, on either test database.
 */
describe('backing up the embedded mode by copying DATA_DIR with the server stopped', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-embedded-backup-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  /** What main.ts does, on DATA_DIR alone (no DATABASE_URL, no S3). */
  async function start(dataDir: string): Promise<FastifyInstance> {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const app = await buildApp(config, { logger: false, serveWeb: false, jobs: { work: [] } });
    await app.ctx.platform.database.migrate();
    await seedStartupData(app.ctx);
    await app.ctx.jobs.start();
    return app;
  }

  async function download(app: FastifyInstance, fan: TestUser, songId: string): Promise<Buffer> {
    const cookie = await signIn(app, fan);
    const answer = await injectAs({ app }, cookie, { method: 'GET', url: `/api/songs/${songId}/download?format=flac` });
    expect(answer.statusCode, answer.body).toBe(200);
    const url = new URL(answer.json().url as string);
    const file = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  }

  it('serves the same songs and downloads from the copy', async () => {
    const live = path.join(root, 'live');
    const app = await start(live);
    const artist = await createArtist(app, { artist: { status: 'ACTIVE' } });
    const song = await createStoredSong(app, artist.artistId);
    const fan = await createUser(app);
    await createSubscription(app, { memberId: fan.id, artistId: artist.artistId });
    expect((await download(app, fan, song.id)).equals(song.bytes.flac)).toBe(true);
    await app.close();

    const copy = path.join(root, 'restored');
    fs.cpSync(live, copy, { recursive: true });
    fs.rmSync(live, { recursive: true });
    const restored = await start(copy);
    try {
      expect((await download(restored, fan, song.id)).equals(song.bytes.flac)).toBe(true);
      const myMusic = await injectAs({ app: restored }, await signIn(restored, fan), {
        method: 'GET',
        url: `/api/members/${fan.id}/my-music`,
      });
      expect(JSON.stringify(myMusic.json())).toContain(song.id);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
