import { PutBucketPolicyCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { genres } from '../platform/db/schema.js';
import { createAdmin, createArtist, createGenre, makeImage, makeImageDataUrl, signIn } from '../test/factories.js';
import { createS3TestApp, motoClient } from '../test/s3-test-app.js';
import { PUBLIC_IMAGE_PREFIXES } from '../platform/storage/public-media.js';
import { SEGMENT_REDIRECT_SECONDS } from './media.routes.js';
import { injectAs } from '../test/route-cast.js';

/**
 * On S3 no media byte passes through the API process (decision 0031): a folder-scoped stream URL answers
 * its playlists itself and redirects every other file to the bucket; public images are addressed under
 * MEDIA_PUBLIC_URL. moto stands in for the bucket (and for the CDN in front of it).
 */
let s3: Awaited<ReturnType<typeof createS3TestApp>>;
/** The bucket's own path-style address, standing for a CDN in front of it. */
let publicBase: string;
/** The app listening on loopback, for requests made as a browser makes them. */
let address: string;

beforeAll(async () => {
  s3 = await createS3TestApp((endpoint, bucket) => ({ MEDIA_PUBLIC_URL: `${endpoint}/${bucket}/` }));
  publicBase = `${s3.moto.endpoint}/${s3.bucket}`;
  address = await s3.t.app.listen({ port: 0, host: '127.0.0.1' });
  const client = motoClient(s3.moto.endpoint);
  try {
    await client.send(new PutBucketPolicyCommand({ Bucket: s3.bucket, Policy: publicImagesPolicy(s3.bucket) }));
  } finally {
    client.destroy();
  }
  // moto (a Python process) and an app start here: slow on a shared machine.
}, 180_000);
afterAll(async () => s3?.close());

/** The bucket policy docs/operations.md gives: anyone may read the public image prefixes, nothing else. */
function publicImagesPolicy(bucket: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'hfm-public-images',
        Effect: 'Allow',
        Principal: '*',
        Action: 's3:GetObject',
        Resource: PUBLIC_IMAGE_PREFIXES.map((prefix) => `arn:aws:s3:::${bucket}/${prefix}*`),
      },
    ],
  });
}

const segment = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

async function streamFolder(): Promise<{ manifest: URL }> {
  const storage = s3.t.app.ctx.storage;
  const folder = `songs/a1/s-${Date.now()}/stream`;
  await storage.put(`${folder}/master.m3u8`, Buffer.from('#EXTM3U\n#EXT-X-VERSION:7\nmedia_0.m3u8\n'), 'x/y');
  await storage.put(`${folder}/manifest.mpd`, Buffer.from('<MPD/>'), 'application/dash+xml');
  await storage.put(`${folder}/init-0.m4s`, Buffer.from('init'), 'video/iso.segment');
  await storage.put(`${folder}/segment-00001.m4s`, segment, 'video/iso.segment');
  const url = await storage.presignGet(`${folder}/master.m3u8`, { expiresInSeconds: 3600, scope: 'folder' });
  return { manifest: new URL(url) };
}

const inject = (url: URL, headers: Record<string, string> = {}) =>
  s3.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });

describe('a folder-scoped stream URL on S3', () => {
  it('answers the playlists and manifests itself, as text with their media types', async () => {
    const { manifest } = await streamFolder();
    const master = await inject(manifest);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('media_0.m3u8');
    const dash = await inject(new URL('manifest.mpd', manifest));
    expect(dash.statusCode).toBe(200);
    expect(dash.headers['content-type']).toBe('application/dash+xml');
  });

  it('reads a playlist from the bucket once and then answers it from memory (stored files never change)', async () => {
    const { manifest } = await streamFolder();
    const first = await inject(manifest);
    expect(first.statusCode).toBe(200);
    // Gone from the bucket: only the app's own copy can answer now, byte for byte the same.
    await s3.t.app.ctx.storage.delete(manifest.pathname.split('/').slice(4).join('/'));
    const again = await inject(manifest);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-length']).toBe(first.headers['content-length']);
    // A playlist never read before still comes from the bucket: a missing one is a 404.
    const missing = await inject(new URL('media_9.m3u8', manifest));
    expect(missing.statusCode).toBe(404);
  });

  it('redirects a segment to a short-lived bucket URL, which gives the bytes and byte ranges', async () => {
    const { manifest } = await streamFolder();
    const answer = await inject(new URL('segment-00001.m4s', manifest), { range: 'bytes=10-19' });
    expect(answer.statusCode).toBe(302);
    expect(answer.body).toBe('');
    const location = answer.headers.location as string;
    expect(location.startsWith(`${s3.moto.endpoint}/${s3.bucket}/songs/a1/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe(String(SEGMENT_REDIRECT_SECONDS));
    expect(answer.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(segment);
    const ranged = await fetch(location, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 10-19/${segment.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(segment.subarray(10, 20));
    const suffix = await fetch(location, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(segment.subarray(-5));
  });

  it('is followed as a player follows it: one fetch from our URL ends with the bytes from the bucket', async () => {
    const { manifest } = await streamFolder();
    const init = new URL('init-0.m4s', manifest);
    const followed = await fetch(`${address}${init.pathname}`, { headers: { range: 'bytes=1-2' } });
    expect(followed.status).toBe(206);
    expect(followed.redirected).toBe(true);
    expect(followed.url.startsWith(s3.moto.endpoint)).toBe(true);
    expect(await followed.text()).toBe('ni');
  });

  it('still refuses a tampered, out-of-folder or back-dated token with 403 and no redirect', async () => {
    const { manifest } = await streamFolder();
    const token = manifest.pathname.split('/')[3]!;
    const withToken = (value: string, name: string) => {
      const segments = manifest.pathname.split('/');
      segments[3] = value;
      return new URL(name, new URL(segments.join('/'), manifest));
    };
    const [scope, , signature] = token.split('.');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const backDated = `${scope}.${Math.floor(Date.now() / 1000) - 10}.${signature}`;
    for (const url of [
      withToken(tampered, 'segment-00001.m4s'),
      withToken(backDated, 'segment-00001.m4s'),
      new URL('../../original.wav', manifest),
    ]) {
      const answer = await inject(url);
      expect(answer.statusCode, url.pathname).toBe(403);
      expect(answer.headers.location).toBeUndefined();
    }
  });

  it('redirects a missing segment too; the bucket answers 404 for it', async () => {
    const { manifest } = await streamFolder();
    const answer = await inject(new URL('segment-09999.m4s', manifest));
    expect(answer.statusCode).toBe(302);
    expect((await fetch(answer.headers.location as string)).status).toBe(404);
  });
});

describe('public images with MEDIA_PUBLIC_URL', () => {
  it('are addressed under the public base, served from the bucket, and found again by that address', async () => {
    const artist = await createArtist(s3.t.app, { artist: { status: 'ACTIVE' } });
    const cookie = await signIn(s3.t.app, artist);
    const upload = await injectAs(s3.t, cookie, {
      method: 'POST',
      url: `/api/artist-photo/upload/${artist.artistId}`,
      payload: { imgData: await makeImageDataUrl('png') },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { path } = upload.json() as { path: string };
    expect(path.startsWith(`${publicBase}/band-photos/`)).toBe(true);

    const image = await fetch(path);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const key = path.slice(publicBase.length + 1);
    const old = await s3.t.app.inject({ method: 'GET', url: `/media/${key}?t=1` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`${path}?t=1`);

    const artistPage = await s3.t.app.inject({ method: 'GET', url: `/api/artists/${artist.artistId}` });
    expect(artistPage.json().photos).toEqual([path]);

    const removed = await injectAs(s3.t, cookie, {
      method: 'DELETE',
      url: `/api/artist-photo/${artist.artistId}`,
      payload: { path },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().photos).toEqual([]);
    expect((await fetch(path)).status).toBe(404);
  });

  it('shows genre artwork under the public base while its row keeps the /media path', async () => {
    const admin = await createAdmin(s3.t.app);
    const cookie = await signIn(s3.t.app, admin);
    const id = await createGenre(s3.t.app, `Bucket ${Date.now()}`);
    const res = await injectAs(s3.t, cookie, {
      method: 'PUT',
      url: `/api/genres/upload/artwork/${id}`,
      payload: { imageData: await makeImageDataUrl('jpeg') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { path, artwork } = res.json() as { path: string; artwork: string };
    expect(path.startsWith(`${publicBase}/genre-images/${id}/`)).toBe(true);
    expect(artwork).toBe(path);
    const [row] = await s3.t.app.ctx.db.select().from(genres).where(eq(genres.id, id));
    expect(row!.artwork).toBe(`/media/${path.slice(publicBase.length + 1)}`);
    expect((await fetch(path)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('leaves everything else private: at /media and in the bucket without a signature', async () => {
    await s3.t.app.ctx.storage.put('songs/a1/x/original.wav', await makeImage('png'), 'audio/wav');
    expect((await s3.t.app.inject({ method: 'GET', url: '/media/songs/a1/x/original.wav' })).statusCode).toBe(404);
    expect((await fetch(`${publicBase}/songs/a1/x/original.wav`)).status).toBe(403);
  });
});
