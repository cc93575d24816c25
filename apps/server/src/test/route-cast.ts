import type { InjectOptions } from 'fastify';
import type { NewArtist } from '../modules/artists/artists.service.js';
import { createAdmin, createArtist, createUser, signIn, type TestArtist, type TestUser } from './factories.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The people a route test asks as, each signed in: an ACTIVE artist (whose rows the test reads and writes),
 * another ACTIVE artist, a fan and an admin. A test adds whoever else it needs (a subscriber, a PENDING
 * artist) to `cookie` itself.
 */
export interface RouteCast {
  t: TestApp;
  artist: TestArtist;
  otherArtist: TestArtist;
  fan: TestUser;
  admin: TestUser;
  cookie: Record<'artist' | 'otherArtist' | 'fan' | 'admin', string>;
}

/** A test app and the cast; `artist` overrides the first artist's row (ACTIVE unless said). */
export async function createRouteCast(artist: Partial<NewArtist> = {}): Promise<RouteCast> {
  const t = await createTestApp();
  const cast = {
    artist: await createArtist(t.app, { artist: { status: 'ACTIVE', ...artist } }),
    otherArtist: await createArtist(t.app, { artist: { status: 'ACTIVE' } }),
    fan: await createUser(t.app),
    admin: await createAdmin(t.app),
  };
  return {
    t,
    ...cast,
    cookie: {
      artist: await signIn(t.app, cast.artist),
      otherArtist: await signIn(t.app, cast.otherArtist),
      fan: await signIn(t.app, cast.fan),
      admin: await signIn(t.app, cast.admin),
    },
  };
}

/**
 * The one way a server test sends a request as someone: with a session's cookie, or signed out (`null` or
 * `undefined`). The request's own headers are kept, a cookie of its own included (a permission matrix row that
 * asks as someone else). `t` is any test app (`createTestApp`, the S3, billing and payout ones, `{ app }`).
 */
export function injectAs(t: Pick<TestApp, 'app'>, cookie: string | null | undefined, options: InjectOptions) {
  return t.app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } });
}
