import type { Role, UserStatus } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import { createArtistAccount, type ArtistRow, type NewArtist } from '../../modules/artists/artists.service.js';
import { SESSION_COOKIE } from '../../modules/auth/sessions.js';
import { findGenreByLabel } from '../../modules/genres/genres.service.js';
import { createAccount, type NewAccount, type UserRow } from '../../modules/users/users.service.js';

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
