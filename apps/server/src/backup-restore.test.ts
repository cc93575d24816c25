import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { playbackAnswer } from '@hfm/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCODE_JOB } from './modules/songs/songs.jobs.js';
import { createArtist, createSubscription, createUser, multipart, signIn, type TestUser } from './test/factories.js';
import { startMoto, type MotoServer } from './test/moto-server.js';
import { createBucket, motoClient, s3Env } from './test/s3-test-app.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { makeWav } from './test/wav.js';
import { injectAs } from './test/route-cast.js';

/**
 * deploy/backup.sh and deploy/restore.sh tried for real (docs/operations.md): a catalogue with a transcoded
 * song and a fan's download is backed up, the database and the bucket are wiped, both are restored, and a
 * fresh app on the restored data plays the song and gives the fan their download again. Always on the
 * PostgreSQL server (pg_dump), whatever the run's database; the embedded mode is backed up by copying DATA_DIR.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const run = promisify(execFile);
const deployDir = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const BUCKET = 'hfm-live';
const SIGNING_SECRET = 'backup-restore-test-signing-secret-0123456789';

describe('backup and restore of PostgreSQL and the bucket', () => {
  let moto: MotoServer;
  let databaseName: string;
  let databaseUrl: string;
  let work: string;
  let t: TestApp | undefined;

  const admin = async <T>(sql: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await sql(client);
    } finally {
      await client.end();
    }
  };
  const env = () => ({ ...s3Env(moto.endpoint, BUCKET), SIGNING_SECRET, DATABASE_URL: databaseUrl });
  const startApp = async (jobs: boolean) => createTestApp(env(), { databaseUrl, jobs, ...(jobs ? {} : { work: [] }) });

  beforeAll(async () => {
    moto = await startMoto();
    await createBucket(moto.endpoint, BUCKET);
    databaseName = `hfm_backup_${crypto.randomBytes(5).toString('hex')}`;
    await admin((client) => client.query(`create database ${databaseName}`));
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-backup-'));
  });
  afterAll(async () => {
    await t?.close();
    await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
    moto?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** deploy/{script} with the server's settings, as an operator runs it. */
  async function script(name: 'backup.sh' | 'restore.sh', folder: string, extra: Record<string, string> = {}) {
    const { stdout } = await run('bash', [path.join(deployDir, name), folder], {
      env: { ...process.env, ...env(), NODE: process.execPath, ...extra },
    });
    return stdout;
  }

  async function bucketKeys(bucket = BUCKET): Promise<string[]> {
    const s3 = motoClient(moto.endpoint);
    try {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    } finally {
      s3.destroy();
    }
  }

  async function wipe(): Promise<void> {
    await admin(async (client) => {
      await client.query(`drop database ${databaseName} with (force)`);
      await client.query(`create database ${databaseName}`);
    });
    const keys = await bucketKeys();
    const s3 = motoClient(moto.endpoint);
    try {
      await s3.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
    } finally {
      s3.destroy();
    }
    expect(await bucketKeys()).toEqual([]);
  }

  interface Before {
    songId: string;
    fan: TestUser;
    downloaded: Buffer;
    keys: string[];
  }

  /** An ACTIVE artist with a song really transcoded, and a subscribed fan who downloaded its MP3. */
  async function buildCatalogue(): Promise<Before> {
    t = await startApp(true);
    const artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'The Restorers' } });
    const cookie = await signIn(t.app, artist);
    const created = await injectAs(t, cookie, {
      method: 'POST',
      url: '/api/songs',
      payload: { title: 'Safe And Sound', releaseDate: '05/01/2025' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const songId = created.json().id as string;
    const form = multipart([{ name: 'file', fileName: 'safe.wav', type: 'audio/wav', data: makeWav(6) }]);
    const upload = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload/${songId}`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await t.app.ctx.jobs.idle([TRANSCODE_JOB], { timeoutMs: 100_000 });
    expect((await injectAs(t, cookie, { method: 'GET', url: `/api/songs/${songId}` })).json().status).toBe('ready');

    const fan = await createUser(t.app);
    await createSubscription(t.app, { memberId: fan.id, artistId: artist.artistId });
    const downloaded = await download(t, fan, songId);
    const keys = await bucketKeys();
    await t.close();
    t = undefined;
    return { songId, fan, downloaded, keys };
  }

  async function download(app: TestApp, fan: TestUser, songId: string): Promise<Buffer> {
    const cookie = await signIn(app.app, fan);
    const answer = await injectAs(app, cookie, {
      method: 'GET',
      url: `/api/songs/${songId}/download?format=mp3`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const file = await fetch(answer.json().url as string);
    expect(file.status).toBe(200);
    return Buffer.from(await file.arrayBuffer());
  }

  /** What a fresh app on the restored data must do: play the song in full, list and give the download. */
  async function expectServed(before: Before): Promise<void> {
    t = await startApp(false);
    const cookie = await signIn(t.app, before.fan);
    const play = await injectAs(t, cookie, { method: 'GET', url: `/api/songs/${before.songId}/play` });
    expect(play.statusCode, play.body).toBe(200);
    const answer = playbackAnswer.parse(play.json());
    expect(answer.full).toBe(true);

    const master = new URL(answer.hls!);
    const masterText = (await t.app.inject({ method: 'GET', url: master.pathname })).body;
    const mediaName = masterText.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const media = new URL(mediaName, master);
    const mediaText = (await t.app.inject({ method: 'GET', url: media.pathname })).body;
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(mediaText)![1]!;
    const firstSegment = mediaText.split('\n').find((line) => line !== '' && !line.startsWith('#'))!;
    for (const name of [init, firstSegment]) {
      const redirect = await t.app.inject({ method: 'GET', url: new URL(name, media).pathname });
      expect(redirect.statusCode, name).toBe(302);
      const bytes = await fetch(redirect.headers.location as string);
      expect(bytes.status, name).toBe(200);
      expect((await bytes.arrayBuffer()).byteLength, name).toBeGreaterThan(0);
    }

    const myMusic = await injectAs(t, cookie, {
      method: 'GET',
      url: `/api/members/${before.fan.id}/my-music`,
    });
    expect(myMusic.statusCode, myMusic.body).toBe(200);
    expect(JSON.stringify(myMusic.json())).toContain(before.songId);
    expect((await download(t, before.fan, before.songId)).equals(before.downloaded)).toBe(true);
    await t.close();
    t = undefined;
  }

  it('restores from a backup folder: the dump and the objects', async () => {
    const before = await buildCatalogue();
    expect(before.keys.some((key) => key.endsWith('.m4s'))).toBe(true);
    const folder = path.join(work, 'nightly-1');
    expect(await script('backup.sh', folder)).toContain('backup: complete');
    expect(fs.existsSync(path.join(folder, 'COMPLETE'))).toBe(true);
    expect(fs.statSync(path.join(folder, 'database.dump')).size).toBeGreaterThan(0);

    await wipe();
    await script('restore.sh', folder);
    expect(await bucketKeys()).toEqual(before.keys);
    await expectServed(before);
  }, 300_000);

  it('restores from a backup bucket: objects copied bucket to bucket, the dump fetched back from it', async () => {
    await createBucket(moto.endpoint, 'hfm-backups');
    const before = await buildCatalogue();
    const folder = path.join(work, 'nightly-2');
    await script('backup.sh', folder, { BACKUP_BUCKET: 'hfm-backups' });
    const backedUp = await bucketKeys('hfm-backups');
    expect(backedUp).toEqual(
      expect.arrayContaining(['nightly-2/database/COMPLETE', 'nightly-2/database/database.dump']),
    );
    expect(backedUp.filter((key) => key.startsWith('nightly-2/objects/'))).toHaveLength(before.keys.length);
    fs.rmSync(folder, { recursive: true });

    await wipe();
    await script('restore.sh', folder, { BACKUP_BUCKET: 'hfm-backups' });
    expect(await bucketKeys()).toEqual(before.keys);
    await expectServed(before);
  }, 300_000);
});
