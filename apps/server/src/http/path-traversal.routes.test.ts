import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtist, multipart, signIn } from '../test/factories.js';
import { listen } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { makeWav } from '../test/wav.js';
import { injectAs } from '../test/route-cast.js';

/**
 * Sends the request line exactly as written (no client resolves '..' or re-encodes anything) and
 * answers the status and body.
 */
function rawGet(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);
  });
}

let t: TestApp;
let port: number;
let secret: string;
let webDist: string;
const SONG_CANARY = 'unsigned-song-bytes';

beforeAll(async () => {
  // The web app is served too: its static files are a second way in from a path.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>HFM</title>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  t = await createTestApp({ WEB_DIST_DIR: webDist }, { serveWeb: true });
  secret = fs.readFileSync(path.join(t.dataDir, 'signing-secret'), 'utf8').trim();
  await t.app.ctx.storage.put('songs/a1_Band/s1/original.wav', Buffer.from(SONG_CANARY), 'audio/wav');
  await t.app.ctx.storage.put('profile-images/u1/me.png', Buffer.from('png'), 'image/png');
  port = await listen(t.app);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

// DATA_DIR/signing-secret sits three levels above an object under profile-images/ (storage/objects/...).
const UP = ['..', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e', '..%2f', '..%252f', '..%5c', '..\\'];
const MEDIA_TARGETS = [
  ...UP.map((up) => `/media/profile-images/${up}/${up}/${up}/signing-secret`),
  ...UP.map((up) => `/media/profile-images/${up}/songs/a1_Band/s1/original.wav`),
  '/media/profile-images/..%2f..%2f..%2fsigning-secret',
  '/media/profile-images%2f..%2f..%2f..%2fsigning-secret',
  '/media/profile-images\\..\\..\\..\\signing-secret',
  '/media//etc/passwd',
  '/media/%2fetc%2fpasswd',
  '/media/profile-images//etc/passwd',
  '/media/profile-images/%2fetc%2fpasswd',
  '/media/profile-images/u1/me.png%00.txt',
  '/media/profile-images/u1%00/../../../signing-secret',
  '/media/profile-images/u1/%00',
  '/media/signed/x.1.y/..%2f..%2fsigning-secret',
  '/media/signed/x.1.y/%2e%2e/%2e%2e/%2e%2e/signing-secret',
  '/media/upload-parts/..%2f..%2f/1?key=..%2fsigning-secret&expires=1&signature=x',
  '/../signing-secret',
  '/%2e%2e/%2e%2e/signing-secret',
  '/assets/..%2f..%2fsigning-secret',
];

describe('storage keys from the network never leave the store', () => {
  it.each(MEDIA_TARGETS)('GET %s is refused and shows nothing outside it', async (target) => {
    const res = await rawGet(port, target);
    expect(res.status, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(SONG_CANARY);
  });

  it('still serves a public image by its plain key', async () => {
    const res = await rawGet(port, '/media/profile-images/u1/me.png');
    expect(res.status).toBe(200);
  });

  it('a signed folder URL reaches nothing outside its folder, however the dots are written', async () => {
    await t.app.ctx.storage.put('songs/a1_Band/s1/stream/master.m3u8', Buffer.from('#EXTM3U\n'), 'text/plain');
    const signed = await t.app.ctx.storage.presignGet('songs/a1_Band/s1/stream/master.m3u8', {
      expiresInSeconds: 60,
      scope: 'folder',
    });
    const folder = new URL(signed, 'http://localhost').pathname.replace(/master\.m3u8$/, '');
    expect((await rawGet(port, `${folder}master.m3u8`)).status).toBe(200);
    for (const up of UP) {
      const res = await rawGet(port, `${folder}${up}/original.wav`);
      expect(res.status, up).toBeGreaterThanOrEqual(400);
      expect(res.status, up).toBeLessThan(500);
      expect(res.body).not.toContain(SONG_CANARY);
    }
  });
});

describe('file names never pick the storage key', () => {
  const HOSTILE_NAMES = ['../../../../escaped.wav', '..\\..\\escaped.wav', '/etc/escaped.wav', '%2e%2e%2fescaped.wav'];

  async function artistWithSong() {
    const artist = await createArtist(t.app);
    const cookie = await signIn(t.app, artist);
    const song = await injectAs(t, cookie, {
      method: 'POST',
      url: '/api/songs',
      payload: { title: 'Names', releaseDate: '05/01/2025' },
    });
    return { cookie, songId: song.json().id as string };
  }

  it.each(HOSTILE_NAMES)('presigning %s keeps the upload in the song’s folder', async (name) => {
    const { cookie, songId } = await artistWithSong();
    const res = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload-presigned/${songId}`,
      payload: { files: [{ name, size: 1000, type: 'audio/wav' }] },
    });
    expect(res.statusCode).toBe(200);
    const [{ key }] = res.json() as [{ key: string }];
    expect(key).toMatch(new RegExp(`^songs/[\\w.-]+/${songId}/original/[\\w-]+\\.wav$`));
    expect(key.endsWith('escaped.wav')).toBe(true);
  });

  it.each(HOSTILE_NAMES)('a direct upload named %s is stored in the song’s folder only', async (name) => {
    const { cookie, songId } = await artistWithSong();
    const form = multipart([{ name: 'file', fileName: name, type: 'audio/wav', data: makeWav(1) }]);
    const res = await injectAs(t, cookie, {
      method: 'POST',
      url: `/api/songs/upload/${songId}`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    const stored = fs
      .readdirSync(t.dataDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('escaped.wav'));
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored) expect(file).toMatch(/^storage[/\\]objects[/\\]songs[/\\]/);
    expect(fs.existsSync(path.join(t.dataDir, '..', 'escaped.wav'))).toBe(false);
  });
});
