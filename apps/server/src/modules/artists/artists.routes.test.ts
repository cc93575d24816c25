import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists, users } from '../../platform/db/schema.js';
import {
  latestCode,
  makeImage,
  makeImageDataUrl,
  multipart,
  readMails,
  uniqueEmail,
  type MultipartPart,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findGenreByLabel } from '../genres/genres.service.js';

let t: TestApp;
let rockId: string;
beforeAll(async () => {
  t = await createTestApp();
  rockId = (await findGenreByLabel(t.app.ctx.db, 'Rock'))!.id;
});
afterAll(async () => t.close());

const PASSWORD = 'Band-Sign-Up-2025!';
const userPart = (overrides: object = {}) => ({
  firstName: 'Rae',
  lastName: 'Stone',
  email: uniqueEmail('artist'),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  dob: '02/03/1988',
  gender: 'MALE',
  role: 'ARTIST',
  phoneNumber: '555-123-4567',
  location: 'Ohio',
  ...overrides,
});
const artistPart = (overrides: object = {}) => ({ name: "The Rae's, Band", genre: rockId, ...overrides });

function signUp(parts: MultipartPart[]) {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/artists/create', payload: form.payload, headers: form.headers });
}
const jsonParts = (user: object, artist: object, extra: MultipartPart[] = []): MultipartPart[] => [
  { name: 'artist', data: JSON.stringify(artist) },
  { name: 'user', data: JSON.stringify(user) },
  { name: 's3Path', data: 'artists/whatever' },
  ...extra,
];
const emailExists = async (email: string) =>
  (await t.app.ctx.db.select().from(users).where(eq(users.email, email))).length > 0;

describe('POST /api/artists/create', () => {
  it('answers 400 (never 500) for bad JSON in a part, naming the part', async () => {
    const res = await signUp([
      { name: 'artist', data: '{"name": ' },
      { name: 'user', data: 'not json' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      user: 'The user details could not be read.',
      artist: 'The artist details could not be read.',
    });
    const typedJson = await signUp([{ name: 'user', data: '{oops', type: 'application/json' }]);
    expect(typedJson.statusCode).toBe(400);
  });

  it('answers 400 for a broken multipart body and for missing parts', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/artists/create',
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(broken.statusCode).toBe(400);
    const empty = await signUp([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      firstName: messages.firstName,
      name: messages.artistName,
      genre: messages.genre,
    });
  });

  it('answers 400 with the shared messages of both halves, flat like the form', async () => {
    const res = await signUp(
      jsonParts(userPart({ email: 'bad', dob: '1/1/90', confirmPassword: 'x' }), { name: '', genre: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: messages.email,
      dob: messages.dob,
      confirmPassword: messages.confirmPassword,
      name: messages.artistName,
      genre: messages.genre,
    });
  });

  it.each([
    ['an unknown genre id', () => crypto.randomUUID()],
    ['a genre that is not an id', () => 'Rock'],
  ])('answers 400 on the genre field for %s, and creates nothing', async (_, genre) => {
    const user = userPart();
    const res = await signUp(jsonParts(user, artistPart({ genre: genre() })));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ genre: messages.genre });
    expect(await emailExists(user.email)).toBe(false);
  });

  it('answers 409 EMAIL_EXISTS when the email is taken', async () => {
    const user = userPart();
    expect((await signUp(jsonParts(user, artistPart()))).statusCode).toBe(201);
    const again = await signUp(jsonParts({ ...user, email: user.email.toUpperCase() }, artistPart({ name: 'Other' })));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'EMAIL_EXISTS', message: messages.emailExists(user.email) });
  });

  it('answers 415 for a banner that is not PNG or JPEG, and creates nothing', async () => {
    const user = userPart();
    const res = await signUp(
      jsonParts(user, artistPart(), [
        { name: 'bannerImageData', data: await makeImage('gif'), fileName: 'b.gif', type: 'image/gif' },
      ]),
    );
    expect(res.statusCode).toBe(415);
    expect(await emailExists(user.email)).toBe(false);
    expect(await readMails(t, user.email)).toHaveLength(0);
  });

  it('creates an unconfirmed ARTIST and a PENDING artist in review, and mails a code', async () => {
    const user = userPart();
    const res = await signUp(jsonParts(user, artistPart({ genre: { _id: rockId } })));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: user.email,
      userName: user.email,
      role: 'ARTIST',
      status: 'UNCONFIRMED',
      dob: '02/03/1988',
      hfmPicksOptIn: true,
    });
    expect(body.artist).toMatchObject({
      _id: body.artist.id,
      userID: body.user.id,
      name: "The Rae's, Band",
      status: 'PENDING',
      tier: 'In Review',
      hfmPicksOptIn: true,
      scoreMatrix: [],
      totalScore: 0,
      searchStatus: { isSearchable: false },
      genreID: rockId,
      genre: { _id: rockId, id: rockId, label: 'Rock', artwork: null },
      songDirectory: `${body.artist.id}The_Raes_Band`,
      bannerImagePath: null,
      photos: [],
      isFeatured: false,
      isExclusive: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
    expect(await latestCode(t, user.email)).toMatch(/^\d{6}$/);
    const [row] = await t.app.ctx.db.select().from(artists).where(eq(artists.id, body.artist.id));
    expect(row!.isSearchable).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
  });

  it('stores images sent as file parts: profile image for the user, banner for the artist', async () => {
    const res = await signUp(
      jsonParts(userPart(), artistPart({ hfmPicksOptIn: false }), [
        { name: 'imageData', data: await makeImage('png'), fileName: 'me.png', type: 'image/png' },
        { name: 'bannerImageData', data: await makeImage('jpeg', 400, 200), fileName: 'b.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const { user, artist } = res.json();
    expect(artist.hfmPicksOptIn).toBe(false);
    expect(user.profileImagePath).toBe(`/media/profile-images/${user.id}/${user.profileImage}`);
    expect(artist).not.toHaveProperty('bannerImage');
    expect(artist.bannerImagePath).toMatch(
      new RegExp(`^/media/banner-images/${artist.id}/.+\\.jpg\\?t=${new Date(artist.updatedAt).getTime()}$`),
    );
    expect((await t.app.inject({ method: 'GET', url: user.profileImagePath })).statusCode).toBe(200);
    const banner = await t.app.inject({ method: 'GET', url: artist.bannerImagePath });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/jpeg');
  });

  it('accepts images as data-URL fields too', async () => {
    const res = await signUp(
      jsonParts(userPart(), artistPart(), [
        { name: 'imageData', data: await makeImageDataUrl('jpeg') },
        { name: 'bannerImageData', data: await makeImageDataUrl('png') },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().user.profileImage).toMatch(/\.jpg$/);
    expect(res.json().artist.bannerImagePath).toMatch(/\.png\?t=\d+$/);
  });

  it('accepts the same parts as one JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/artists/create',
      payload: { artist: artistPart(), user: JSON.stringify(userPart()) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().artist.status).toBe('PENDING');
  });

  it('saves the user and the artist in one transaction: a failure after both inserts leaves neither', async () => {
    // A file where the banner folder should be makes the banner write fail after both rows are inserted.
    const bannerDir = path.join(t.dataDir, 'storage', 'objects', 'banner-images');
    fs.rmSync(bannerDir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(bannerDir), { recursive: true });
    fs.writeFileSync(bannerDir, 'not a folder');
    try {
      const user = userPart();
      const res = await signUp(
        jsonParts(user, artistPart({ name: 'Rolled Back' }), [
          { name: 'bannerImageData', data: await makeImageDataUrl('png') },
        ]),
      );
      expect(res.statusCode).toBe(500);
      expect(await emailExists(user.email)).toBe(false);
      expect(await t.app.ctx.db.select().from(artists).where(eq(artists.name, 'Rolled Back'))).toHaveLength(0);
      expect(await readMails(t, user.email)).toHaveLength(0);
    } finally {
      fs.rmSync(bannerDir, { force: true });
    }
  });
});
