import crypto from 'node:crypto';
import { messages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema.js';
import {
  createAdmin,
  createUser,
  makeImage,
  makeImageDataUrl,
  multipart,
  signIn,
  type TestUser,
} from '../../test/factories.js';
import { hostileJpeg, hostilePng } from '../../test/hostile-images.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { IMAGE_TOO_LARGE } from '../../platform/media/images.js';

let t: TestApp;
let fan: TestUser;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  fan = await createUser(t.app);
  cookie = await signIn(t.app, fan);
});
afterAll(async () => t.close());

const upload = (id: string, payload: object | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/profile-image/upload/${id}`, payload, headers });
const remove = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/remove/profile-image/${id}`, headers });
const getMedia = (path: string) => t.app.inject({ method: 'GET', url: path });

describe('POST /api/profile-image/upload/{id}', () => {
  it('answers 401 signed out (before reading the body), 400 for a bad id, 403 for another user, 404 unknown', async () => {
    const other = await createUser(t.app);
    const admin = await createAdmin(t.app);
    const image = await makeImageDataUrl();
    expect((await upload(fan.id, { imageData: image })).statusCode).toBe(401);
    expect((await upload('nope', { imageData: image }, { cookie })).statusCode).toBe(400);
    expect((await upload(other.id, { imageData: image }, { cookie })).statusCode).toBe(403);
    const unknown = await upload(crypto.randomUUID(), { imageData: image }, { cookie: await signIn(t.app, admin) });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 400 without imageData', async () => {
    const res = await upload(fan.id, { fileName: 'a.png' }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ imageData: messages.imageType });
  });

  it.each([
    ['a GIF', async () => makeImageDataUrl('gif')],
    ['text in base64', async () => `data:image/png;base64,${Buffer.from('hello, not an image').toString('base64')}`],
    ['text that is not base64', async () => 'definitely not an image!'],
  ])('answers 415 for %s (checked by content)', async (_, imageData) => {
    const res = await upload(fan.id, { fileName: 'me.png', imageData: await imageData() }, { cookie });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.imageType });
  });

  it('answers 413 for a body over the image limit, as JSON or as a file part', async () => {
    const json = await upload(fan.id, { imageData: 'A'.repeat(21 * 1024 * 1024) }, { cookie });
    expect(json.statusCode).toBe(413);
    const big = multipart([
      { name: 'imageData', data: Buffer.alloc(21 * 1024 * 1024), fileName: 'big.png', type: 'image/png' },
    ]);
    const file = await upload(fan.id, big.payload as unknown as object, { ...big.headers, cookie });
    expect(file.statusCode).toBe(413);
    expect(file.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 413 for a decompression bomb (a small file claiming 100,000 x 100,000 pixels), decoding none of it', async () => {
    const bombs = [hostilePng(100_000, 100_000), await hostileJpeg(65_500, 65_500)];
    const rssBefore = process.memoryUsage().rss;
    for (let round = 0; round < 3; round++) {
      for (const bomb of bombs) {
        const type = bomb[0] === 0x89 ? 'image/png' : 'image/jpeg';
        const asJson = await upload(
          fan.id,
          { imageData: `data:${type};base64,${bomb.toString('base64')}` },
          { cookie },
        );
        const form = multipart([{ name: 'imageData', data: bomb, fileName: 'bomb.png', type }]);
        const asFile = await upload(fan.id, form.payload as unknown as object, { ...form.headers, cookie });
        for (const res of [asJson, asFile]) {
          expect(res.statusCode).toBe(413);
          expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: IMAGE_TOO_LARGE });
        }
      }
    }
    // Decoding one would take 30 GB; the header check holds memory to the request bodies (a few MB).
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
  });

  it('answers 400 for a broken multipart body, never 500', async () => {
    const res = await upload(fan.id, '--x\r\nnonsense', {
      'content-type': 'multipart/form-data; boundary=x',
      cookie,
    });
    expect(res.statusCode).toBe(400);
  });

  it('stores a JSON data URL, answers its path, and replaces the previous picture', async () => {
    const first = await upload(
      fan.id,
      { fileName: 'me.png', imageData: await makeImageDataUrl('png'), path: 'ignored' },
      { cookie },
    );
    expect(first.statusCode).toBe(200);
    const firstPath: string = first.json().path;
    expect(firstPath).toMatch(new RegExp(`^/media/profile-images/${fan.id}/[\\w.-]+\\.png$`));
    const served = await getMedia(firstPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const second = await upload(fan.id, { imageData: await makeImageDataUrl('jpeg') }, { cookie });
    const secondPath: string = second.json().path;
    expect(secondPath).not.toBe(firstPath);
    expect((await getMedia(secondPath)).statusCode).toBe(200);
    expect((await getMedia(firstPath)).statusCode).toBe(404);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, fan.id));
    expect(secondPath.endsWith(`/${row!.profileImage}`)).toBe(true);
  });

  it('accepts a multipart file part, and an admin may upload for a user', async () => {
    const form = multipart([
      { name: 'imageData', data: await makeImage('jpeg'), fileName: 'me.jpg', type: 'image/jpeg' },
    ]);
    const res = await upload(fan.id, form.payload as unknown as object, { ...form.headers, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().path).toMatch(/\.jpg$/);
    const admin = await createAdmin(t.app);
    const byAdmin = await upload(
      fan.id,
      { imageData: await makeImageDataUrl() },
      { cookie: await signIn(t.app, admin) },
    );
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers 415 for a text file part', async () => {
    const form = multipart([{ name: 'imageData', data: 'plain text', fileName: 'me.png', type: 'image/png' }]);
    const res = await upload(fan.id, form.payload as unknown as object, { ...form.headers, cookie });
    expect(res.statusCode).toBe(415);
  });
});

describe('DELETE /api/users/remove/profile-image/{id}', () => {
  it('answers 401 signed out, 400 for a bad id, 403 for another user', async () => {
    const other = await createUser(t.app);
    expect((await remove(fan.id)).statusCode).toBe(401);
    expect((await remove('1', { cookie })).statusCode).toBe(400);
    expect((await remove(other.id, { cookie })).statusCode).toBe(403);
  });

  it('clears the picture and deletes the stored file', async () => {
    const uploaded = await upload(fan.id, { imageData: await makeImageDataUrl() }, { cookie });
    const path: string = uploaded.json().path;
    const res = await remove(fan.id, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: fan.id, profileImage: null, profileImagePath: null });
    expect((await getMedia(path)).statusCode).toBe(404);
    expect((await remove(fan.id, { cookie })).statusCode).toBe(200);
  });
});
