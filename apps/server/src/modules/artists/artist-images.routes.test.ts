import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_ARTIST_PHOTOS, messages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_BODY_LIMIT } from '../../http/limits.js';
import { artistPhotos } from '../../platform/db/schema.js';
import {
  createAdmin,
  createArtist,
  createUser,
  makeImage,
  makeImageDataUrl,
  multipart,
  signIn,
  type TestArtist,
} from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { BANNER_WARNING, PHOTO_NOT_FOUND, TOO_MANY_PHOTOS } from './artist-images.service.js';
import { findArtistRowById } from './artists.repository.js';

let t: TestApp;
let artist: TestArtist;
let other: TestArtist;
let artistCookie: string;
let otherCookie: string;
let fanCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createArtist(t.app);
  other = await createArtist(t.app);
  artistCookie = await signIn(t.app, artist);
  otherCookie = await signIn(t.app, other);
  fanCookie = await signIn(t.app, await createUser(t.app));
  adminCookie = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

function postForm(cookie: string | undefined, url: string, parts: Parameters<typeof multipart>[0]) {
  const form = multipart(parts);
  return injectAs(t, cookie, { method: 'POST', url, payload: form.payload, headers: form.headers });
}
const bannerUrl = (id: string) => `/api/banner-image/upload/${id}`;
const photoUrl = (id: string) => `/api/artist-photo/upload/${id}`;
const bannerPart = (data: Buffer, fileName = 'banner.png') => ({ name: 'bannerImageData', data, fileName });
const uploadBanner = async (cookie: string, id: string, data: Buffer) =>
  postForm(cookie, bannerUrl(id), [{ name: 'fileName', data: 'banner.png' }, bannerPart(data)]);
const uploadPhoto = (cookie: string, id: string, imgData: string) =>
  injectAs(t, cookie, { method: 'POST', url: photoUrl(id), payload: { imgData, path: 'ignored/by/server' } });
const deletePhoto = (cookie: string | undefined, id: string, payload: object) =>
  injectAs(t, cookie, { method: 'DELETE', url: `/api/artist-photo/${id}`, payload });

/** The stored object behind a `/media/<key>` path (query dropped), or null. */
async function storedObject(mediaPath: string): Promise<Buffer | null> {
  const key = mediaPath.replace(/^\/media\//, '').replace(/\?.*$/, '');
  const object = await t.app.ctx.storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function storedFiles(folder: string): string[] {
  const dir = path.join(t.dataDir, 'storage', 'objects', folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => !file.endsWith('.type')) : [];
}

/** A JPEG carrying EXIF text (copyright, artist) and a GPS position. */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Secret Owner', Artist: 'Hidden Person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 42/1 46/1' },
    })
    .toBuffer();
}

describe.each([
  [
    'POST /api/banner-image/upload/{id}',
    (cookie: string | undefined, id: string) =>
      injectAs(t, cookie, { method: 'POST', url: bannerUrl(id), payload: { bannerImageData: 'x' } }),
  ],
  [
    'POST /api/artist-photo/upload/{id}',
    (cookie: string | undefined, id: string) =>
      injectAs(t, cookie, { method: 'POST', url: photoUrl(id), payload: { imgData: 'x' } }),
  ],
  ['DELETE /api/artist-photo/{id}', (cookie: string | undefined, id: string) => deletePhoto(cookie, id, { path: 'x' })],
])('%s refusals', (_route, send) => {
  it('answers 401 signed out, 400 for a non-UUID id, 404 for a hidden or unknown artist', async () => {
    expect((await send(undefined, artist.artistId)).statusCode).toBe(401);
    expect((await send(artistCookie, 'nope')).statusCode).toBe(400);
    // docs/decisions/0006: someone else's PENDING artist is hidden, so 404 (an ACTIVE one is 403: the matrix).
    expect((await send(otherCookie, artist.artistId)).statusCode).toBe(404);
    expect((await send(fanCookie, artist.artistId)).statusCode).toBe(404);
    expect((await send(adminCookie, crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('POST /api/banner-image/upload/{id}', () => {
  it('answers 400 for a broken multipart body or a missing image, never 500', async () => {
    const broken = await injectAs(t, artistCookie, {
      method: 'POST',
      url: bannerUrl(artist.artistId),
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(broken.statusCode).toBe(400);
    const missing = await postForm(artistCookie, bannerUrl(artist.artistId), [{ name: 'fileName', data: 'a.png' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ bannerImageData: messages.imageType });
    const emptyJson = await injectAs(t, artistCookie, { method: 'POST', url: bannerUrl(artist.artistId), payload: {} });
    expect(emptyJson.statusCode).toBe(400);
  });

  it.each([
    ['a GIF', () => makeImage('gif'), 'banner.gif'],
    ['a GIF renamed .png', () => makeImage('gif'), 'banner.png'],
    ['text renamed .png', async () => Buffer.from('just some text, not an image'), 'banner.png'],
  ])('answers 415 for %s and keeps the banner it had', async (_case, make, fileName) => {
    const before = (await findArtistRowById(t.app.ctx.db, artist.artistId))!.bannerImage;
    const res = await postForm(artistCookie, bannerUrl(artist.artistId), [bannerPart(await make(), fileName)]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.imageType });
    expect((await findArtistRowById(t.app.ctx.db, artist.artistId))!.bannerImage).toBe(before);
  });

  it('answers 413 for a file or a JSON body over the image limit', async () => {
    const big = crypto.randomBytes(IMAGE_BODY_LIMIT + 1024);
    const file = await postForm(artistCookie, bannerUrl(artist.artistId), [bannerPart(big)]);
    expect(file.statusCode).toBe(413);
    const json = await injectAs(t, artistCookie, {
      method: 'POST',
      url: bannerUrl(artist.artistId),
      payload: { bannerImageData: `data:image/png;base64,${big.toString('base64')}` },
    });
    expect(json.statusCode).toBe(413);
    expect(json.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('stores a small banner under banner-images/{artistId}/, answers its path and advises a bigger one', async () => {
    const res = await uploadBanner(artistCookie, artist.artistId, await makeImage('png', 1200, 600));
    expect(res.statusCode, res.body).toBe(200);
    const row = (await findArtistRowById(t.app.ctx.db, artist.artistId))!;
    expect(row.bannerImage).toMatch(new RegExp(`^banner-images/${artist.artistId}/banner-\\d+-[0-9a-f]+\\.png$`));
    expect(res.json()).toEqual({
      path: `/media/${row.bannerImage}?t=${row.updatedAt.getTime()}`,
      warning: BANNER_WARNING,
    });
    const served = await t.app.inject({ method: 'GET', url: res.json().path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const shown = await injectAs(t, artistCookie, { method: 'GET', url: `/api/artists/${artist.artistId}` });
    expect(shown.json().bannerImagePath).toBe(res.json().path);
  });

  it('gives no advice for 2000 x 1000, and deletes the banner it replaces', async () => {
    const old = (await findArtistRowById(t.app.ctx.db, artist.artistId))!.bannerImage!;
    expect(await t.app.ctx.storage.stat(old)).not.toBeNull();
    const res = await uploadBanner(artistCookie, artist.artistId, await makeImage('png', 2000, 1000));
    expect(res.statusCode).toBe(200);
    expect(res.json().warning).toBeUndefined();
    expect(await t.app.ctx.storage.stat(old)).toBeNull();
    const stored = await sharp((await storedObject(res.json().path))!).metadata();
    expect([stored.width, stored.height]).toEqual([2000, 1000]);
  });

  it('judges the image as sent: EXIF orientation counts, downscaling after does not', async () => {
    const portrait = await sharp(await makeImage('jpeg', 1000, 2000))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const turned = await uploadBanner(artistCookie, artist.artistId, portrait);
    expect(turned.statusCode).toBe(200);
    expect(turned.json().warning).toBeUndefined();
    const turnedMeta = await sharp((await storedObject(turned.json().path))!).metadata();
    expect([turnedMeta.width, turnedMeta.height]).toEqual([2000, 1000]);
    const wide = await uploadBanner(artistCookie, artist.artistId, await makeImage('jpeg', 5000, 1000));
    expect(wide.json().warning).toBeUndefined();
    const narrow = await uploadBanner(artistCookie, artist.artistId, await makeImage('jpeg', 1999, 1000));
    expect(narrow.json().warning).toBe(BANNER_WARNING);
  });

  it('strips EXIF and GPS from the stored image', async () => {
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.includes('Secret Owner')).toBe(true);
    const res = await uploadBanner(artistCookie, artist.artistId, input);
    const stored = (await storedObject(res.json().path))!;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('Secret Owner')).toBe(false);
    expect(stored.includes('Hidden Person')).toBe(false);
  });

  it('accepts a JSON body with a data URL, and an admin may upload for any artist', async () => {
    const res = await injectAs(t, adminCookie, {
      method: 'POST',
      url: bannerUrl(other.artistId),
      payload: { bannerImageData: await makeImageDataUrl('jpeg'), fileName: 'b.jpg', path: 'ignored' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().path).toMatch(new RegExp(`^/media/banner-images/${other.artistId}/banner-.+\\.jpg\\?t=\\d+$`));
  });
});

describe('artist photos', () => {
  beforeEach(async () => {
    await t.app.ctx.db.delete(artistPhotos).where(eq(artistPhotos.artistId, artist.artistId));
  });

  it('stores a photo under band-photos/{user id}/ (never the email) and answers its path and every photo', async () => {
    const first = await uploadPhoto(artistCookie, artist.artistId, await makeImageDataUrl('png'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().path).toMatch(new RegExp(`^/media/band-photos/${artist.id}/photo-\\d+-[0-9a-f]+\\.png$`));
    expect(first.json().path).not.toContain('@');
    expect(first.json().photos).toEqual([first.json().path]);
    const form = multipart([{ name: 'imgData', data: await makeImage('jpeg'), fileName: 'me.jpg' }]);
    const second = await injectAs(t, artistCookie, {
      method: 'POST',
      url: photoUrl(artist.artistId),
      payload: form.payload,
      headers: form.headers,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().photos).toEqual([first.json().path, second.json().path]);
    const shown = await injectAs(t, undefined, { method: 'GET', url: `/api/artists/${artist.artistId}` });
    expect(shown.statusCode).toBe(404);
    const own = await injectAs(t, artistCookie, { method: 'GET', url: `/api/artists/${artist.artistId}` });
    expect(own.json().photos).toEqual(second.json().photos);
    const served = await t.app.inject({ method: 'GET', url: second.json().path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('strips EXIF from a photo', async () => {
    const dataUrl = `data:image/jpeg;base64,${(await jpegWithExif()).toString('base64')}`;
    const res = await uploadPhoto(artistCookie, artist.artistId, dataUrl);
    const stored = (await storedObject(res.json().path))!;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('Secret Owner')).toBe(false);
  });

  it.each([
    ['a GIF', async () => makeImageDataUrl('gif')],
    ['text dressed as a PNG data URL', async () => `data:image/png;base64,${Buffer.from('hello').toString('base64')}`],
    ['text that is not base64', async () => 'not an image at all!'],
  ])('answers 415 for %s and stores nothing', async (_case, make) => {
    const res = await uploadPhoto(artistCookie, artist.artistId, await make());
    expect(res.statusCode).toBe(415);
    expect(res.json().error.fields).toEqual({ imgData: messages.imageType });
    expect(await t.app.ctx.db.select().from(artistPhotos).where(eq(artistPhotos.artistId, artist.artistId))).toEqual(
      [],
    );
  });

  it(`refuses photo ${MAX_ARTIST_PHOTOS + 1} with a 400 and stores nothing`, async () => {
    const image = await makeImageDataUrl('png');
    let photos: string[] = [];
    for (let i = 0; i < MAX_ARTIST_PHOTOS; i++) {
      const res = await uploadPhoto(artistCookie, artist.artistId, image);
      expect(res.statusCode).toBe(200);
      photos = res.json().photos;
    }
    expect(photos).toHaveLength(MAX_ARTIST_PHOTOS);
    const folder = path.dirname(photos[0]!.replace(/^\/media\//, ''));
    const filesBefore = storedFiles(folder);
    const refused = await uploadPhoto(artistCookie, artist.artistId, image);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'VALIDATION',
      message: TOO_MANY_PHOTOS,
      fields: { imgData: TOO_MANY_PHOTOS },
    });
    expect(storedFiles(folder)).toEqual(filesBefore);
    const shown = await injectAs(t, artistCookie, { method: 'GET', url: `/api/artists/${artist.artistId}` });
    expect(shown.json().photos).toEqual(photos);
  });

  it('keeps to the limit when uploads race', async () => {
    const image = await makeImageDataUrl('png');
    const results = await Promise.all(
      Array.from({ length: MAX_ARTIST_PHOTOS + 3 }, () => uploadPhoto(artistCookie, artist.artistId, image)),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(MAX_ARTIST_PHOTOS);
    expect(results.filter((res) => res.statusCode === 400)).toHaveLength(3);
  });

  it('removes a photo by its path: the row and the stored object', async () => {
    const a = (await uploadPhoto(artistCookie, artist.artistId, await makeImageDataUrl('png'))).json().path;
    const b = (await uploadPhoto(adminCookie, artist.artistId, await makeImageDataUrl('png'))).json().path;
    const res = await deletePhoto(artistCookie, artist.artistId, { path: a });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ photos: [b] });
    expect(await storedObject(a)).toBeNull();
    expect(await storedObject(b)).not.toBeNull();
    const byAdmin = await deletePhoto(adminCookie, artist.artistId, { path: `http://localhost${b}` });
    expect(byAdmin.json()).toEqual({ photos: [] });
  });

  it('answers 404 for a path that is not one of this artist’s photos, and 400 for no path', async () => {
    const theirs = (await uploadPhoto(otherCookie, other.artistId, await makeImageDataUrl('png'))).json().path;
    const res = await deletePhoto(artistCookie, artist.artistId, { path: theirs });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(PHOTO_NOT_FOUND);
    expect(await storedObject(theirs)).not.toBeNull();
    expect(
      (await deletePhoto(artistCookie, artist.artistId, { path: '/media/band-photos/x/none.png' })).statusCode,
    ).toBe(404);
    expect((await deletePhoto(artistCookie, artist.artistId, {})).statusCode).toBe(400);
    expect((await deletePhoto(artistCookie, artist.artistId, { path: '' })).statusCode).toBe(400);
  });

  it('answers 413 for a photo over the image limit', async () => {
    const big = crypto.randomBytes(IMAGE_BODY_LIMIT + 1024);
    const form = multipart([{ name: 'imgData', data: big, fileName: 'big.png' }]);
    const res = await injectAs(t, artistCookie, {
      method: 'POST',
      url: photoUrl(artist.artistId),
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(413);
  });
});
