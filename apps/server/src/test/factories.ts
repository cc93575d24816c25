import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Role, UserStatus } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  insertAlbum,
  replaceAlbumSongs,
  type AlbumRow,
  type NewAlbumRow,
} from '../modules/albums/albums.repository.js';
import { createArtistAccount, type ArtistRow, type NewArtist } from '../modules/artists/artists.service.js';
import { CONFIRMATION_MAIL_JOB } from '../modules/auth/confirmation-mail.js';
import { SESSION_COOKIE } from '../modules/auth/sessions.js';
import { findGenreByLabel } from '../modules/genres/genres.service.js';
import { insertSong, type NewSongRow, type SongRow } from '../modules/songs/songs.repository.js';
import { createAccount, type NewAccount, type UserRow } from '../modules/users/users.service.js';

/** Passes the shared strength rule (length, upper case, digit, special, no triple repeats). */
export const TEST_PASSWORD = 'Test-Pass-2025!';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  row: UserRow;
}

export interface TestArtist extends TestUser {
  artistId: string;
  artist: ArtistRow;
}

let sequence = 0;

/**
 * A fresh address per call, so tests never collide on the unique email. The time is in hex: base 36 put
 * runs like "zz" into addresses now and then, which tests searching for such text then found.
 */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(16)}-${sequence}@example.test`;
}

function accountDefaults(role: Role, overrides: Partial<NewAccount>): NewAccount {
  return {
    firstName: 'Test',
    lastName: role === 'ARTIST' ? 'Artist' : role === 'ADMIN' ? 'Admin' : 'Fan',
    email: uniqueEmail(role.toLowerCase()),
    password: TEST_PASSWORD,
    role,
    status: 'ACTIVE' as UserStatus,
    dob: '1990-05-17',
    gender: 'PREFER NOT TO SAY',
    ...overrides,
  };
}

function asTestUser(row: UserRow, password: string): TestUser {
  return { id: row.id, email: row.email, password, role: row.role as Role, row };
}

/** A confirmed subscriber unless overridden (role, status, names, email, password...). */
export async function createUser(app: FastifyInstance, overrides: Partial<NewAccount> = {}): Promise<TestUser> {
  const account = accountDefaults(overrides.role ?? 'SUBSCRIBER', overrides);
  return asTestUser(await createAccount(app.ctx.db, account), account.password);
}

export function createAdmin(app: FastifyInstance, overrides: Partial<NewAccount> = {}): Promise<TestUser> {
  return createUser(app, { ...overrides, role: 'ADMIN' });
}

/** A confirmed ARTIST user with an artist row (PENDING, genre Rock) unless overridden. */
export async function createArtist(
  app: FastifyInstance,
  overrides: { user?: Partial<NewAccount>; artist?: Partial<NewArtist> } = {},
): Promise<TestArtist> {
  const account = accountDefaults('ARTIST', overrides.user ?? {});
  const genre = overrides.artist?.genreId === undefined ? await findGenreByLabel(app.ctx.db, 'Rock') : null;
  const created = await createArtistAccount(app.ctx, account, {
    name: `Test Band ${sequence}`,
    genreId: genre?.id ?? null,
    ...overrides.artist,
  });
  return { ...asTestUser(created.user, account.password), artistId: created.artist.id, artist: created.artist };
}

/** Signs in through the API and answers the Cookie header value for later requests. */
export async function signIn(app: FastifyInstance, user: { email: string; password: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { userName: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`signIn ${user.email} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('signIn: no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** Waits for queued mail to be sent, then answers the .eml files the embedded mailer wrote to one address. */
export async function readMails(t: { app: FastifyInstance; dataDir: string }, to: string): Promise<string[]> {
  await t.app.ctx.jobs.idle([CONFIRMATION_MAIL_JOB]);
  return readMailFiles(t.dataDir, to);
}

/** The .eml files the embedded mailer wrote to one address (read from each file's To: header), oldest first. */
function readMailFiles(dataDir: string, to: string): string[] {
  const mailDir = path.join(dataDir, 'mail');
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => path.join(mailDir, file))
    .map((file) => ({
      file,
      written: fs.statSync(file, { bigint: true }).mtimeNs,
      text: fs.readFileSync(file, 'utf8'),
    }))
    .filter(({ text }) => recipientOf(text) === to.toLowerCase())
    .sort((a, b) => (a.written === b.written ? a.file.localeCompare(b.file) : a.written < b.written ? -1 : 1))
    .map(({ text }) => decodeQuotedPrintable(text));
}

/** The address in a mail's To: header (its header block only, folded lines joined), lower-cased. */
export function recipientOf(mail: string): string | undefined {
  const headers = mail.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const to = /^to:\s*(.+)$/im.exec(headers)?.[1]?.trim();
  return (/<([^>]+)>/.exec(to ?? '')?.[1] ?? to)?.toLowerCase();
}

/** Mail bodies may be quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The six-digit code in the newest mail to this address (read from the body, not the headers). */
export async function latestCode(t: { app: FastifyInstance; dataDir: string }, to: string): Promise<string> {
  const mail = (await readMails(t, to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const body = mail.slice(mail.indexOf('\n\n'));
  const match = /^(\d{6})$/m.exec(body);
  if (!match) throw new Error(`no code in the mail to ${to}`);
  return match[1]!;
}

/** A real image of the given format, as bytes. */
export function makeImage(format: 'png' | 'jpeg' | 'gif' = 'png', width = 64, height = 64): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return image.toFormat(format).toBuffer();
}

export async function makeImageDataUrl(format: 'png' | 'jpeg' | 'gif' = 'png'): Promise<string> {
  return `data:image/${format};base64,${(await makeImage(format)).toString('base64')}`;
}

export interface MultipartPart {
  name: string;
  data: Buffer | string;
  fileName?: string;
  type?: string;
}

/** A hand-built multipart/form-data body for inject(): `{ payload, headers }`. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hfm${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A song row inserted directly (no upload): pending unless overridden, with a release date. */
export async function createSong(
  app: FastifyInstance,
  artistId: string,
  overrides: Partial<NewSongRow> = {},
): Promise<SongRow> {
  return insertSong(app.ctx.db, { artistId, title: 'Test Song', releaseDate: '2024-03-01', ...overrides });
}

/** An album row inserted directly, holding these songs in this order. */
export async function createAlbum(
  app: FastifyInstance,
  artistId: string,
  overrides: Partial<NewAlbumRow> & { songIds?: string[] } = {},
): Promise<AlbumRow> {
  const { songIds = [], ...values } = overrides;
  const album = await insertAlbum(app.ctx.db, { artistId, name: 'Test Album', ...values });
  await replaceAlbumSongs(app.ctx.db, album.id, songIds);
  return album;
}
