import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSender } from '../../test/multipart-client.js';
import { startMoto, type MotoServer } from '../../test/moto-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { CONTRACT_MAX_UPLOAD_BYTES, describeStorageContract } from './storage.contract.js';

const credentials = { accessKeyId: 'test', secretAccessKey: 'test-secret' };

/** The app on the S3 adapter, against a fresh bucket in a fresh moto_server. */
async function s3App(): Promise<{ t: TestApp; moto: MotoServer; close(): Promise<void> }> {
  const moto = await startMoto();
  const bucket = 'hfm-test';
  const s3 = new S3Client({ endpoint: moto.endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    s3.destroy();
  }
  const t = await createTestApp({
    S3_BUCKET: bucket,
    S3_ENDPOINT: moto.endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    MAX_UPLOAD_BYTES: String(CONTRACT_MAX_UPLOAD_BYTES),
  });
  return {
    t,
    moto,
    async close() {
      await t.close();
      moto.stop();
    },
  };
}

describeStorageContract('S3 adapter against moto_server', async () => {
  const { t, close } = await s3App();
  return {
    storage: t.app.ctx.storage,
    sendPart: fetchSender,
    async fetchSigned(url, headers = {}) {
      const res = await fetch(url, { headers });
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    },
    close,
  };
});

describe('S3 adapter: what is its own', () => {
  let s3: Awaited<ReturnType<typeof s3App>>;
  beforeAll(async () => {
    s3 = await s3App();
  });
  afterAll(async () => s3?.close());

  it('is the store the config picks when S3_BUCKET is set, with part URLs on the S3 endpoint', async () => {
    const storage = s3.t.app.ctx.storage;
    expect(storage.kind).toBe('s3');
    const uploadId = await storage.createMultipartUpload('songs/a1/x.wav', 'audio/wav');
    expect(await storage.presignUploadPart('songs/a1/x.wav', uploadId, 1, 60)).toContain(s3.moto.endpoint);
  });

  it('signs folder URLs (HLS/DASH) through our server, which answers playlists and sends segments to the bucket', async () => {
    const storage = s3.t.app.ctx.storage;
    const key = 'songs/a1/stream/master.m3u8';
    await storage.put(key, Buffer.from('#EXTM3U\n#EXT-X-VERSION:7\n'), 'application/vnd.apple.mpegurl');
    await storage.put('songs/a1/stream/seg-1.m4s', Buffer.from('0123456789'), 'video/iso.segment');
    const direct = await storage.presignGet('songs/a1/stream/seg-1.m4s', {
      expiresInSeconds: 60,
      downloadName: 'seg.m4s',
    });
    expect(direct).toContain('response-content-disposition=attachment');
    const folder = await storage.presignGet(key, { expiresInSeconds: 60, scope: 'folder' });
    expect(folder).toMatch(/^http:\/\/127\.0\.0\.1:3000\/media\/signed\/f3\./);
    const playlist = await s3.t.app.inject({ method: 'GET', url: new URL(folder).pathname });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
    const segment = new URL('seg-1.m4s', folder);
    const res = await s3.t.app.inject({ method: 'GET', url: `${segment.pathname}${segment.search}` });
    expect(res.statusCode).toBe(302);
    const fromBucket = await fetch(res.headers.location as string, { headers: { range: 'bytes=-3' } });
    expect(fromBucket.status).toBe(206);
    expect(fromBucket.headers.get('content-range')).toBe('bytes 7-9/10');
    expect(await fromBucket.text()).toBe('789');
  });

  it('keeps a Content-Disposition put with an object and sends it with every GET of a presigned URL', async () => {
    // What makes a download from the bucket a download in a browser where the store ignores the URL's
    // response-content-disposition (moto does; a CDN may drop it): decision 0034.
    const storage = s3.t.app.ctx.storage;
    const disposition = `attachment; filename="A-B.flac"; filename*=UTF-8''A-B.flac`;
    await storage.put('songs/a1/download/song.flac', Buffer.from('fLaC'), 'audio/flac', {
      contentDisposition: disposition,
    });
    const url = await storage.presignGet('songs/a1/download/song.flac', { expiresInSeconds: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(disposition);
    expect(res.headers.get('content-type')).toBe('audio/flac');
    expect(await res.text()).toBe('fLaC');
  });
});
