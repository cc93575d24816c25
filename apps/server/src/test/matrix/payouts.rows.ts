import { createArtist } from '../factories.js';
import { everyone, matrix, type ActorName, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';
import { injectAs } from '../route-cast.js';

const bankAccount = { accountHolder: 'Matrix Band', routingNumber: '110000000', accountNumber: '000123456789' };
/** Artists and admins may reach the connect routes; fans are refused before anything is read. */
const notForFans = { anonymous: 401, fan: 403, otherFan: 403, rest: 403 } as const;
const adminOnly = matrix({ anonymous: 401, admin: 200, rest: 403 });

/** The artist's payout account, made through the API as the artist (a second call answers the same one). */
async function ensureAccount(w: MatrixWorld, who: 'artist' | 'otherArtist'): Promise<string> {
  await injectAs(w.t, w.cookies[who]!, {
    method: 'POST',
    url: '/api/artists/create-connect-account',
  });
  return w.people[who].artistId;
}

/** A fresh onboarding link of `artist`'s account: its id is the credential of the local onboarding page. */
async function freshLinkId(w: MatrixWorld): Promise<string> {
  const artistId = await ensureAccount(w, 'artist');
  const res = await injectAs(w.t, w.cookies.artist!, {
    method: 'POST',
    url: `/api/artists/create-account-link/${artistId}`,
  });
  return (res.json().url as string).split('/').pop()!;
}

const linkFor = (who: 'artist' | 'otherArtist') => async (w: MatrixWorld) => ({
  method: 'POST' as const,
  url: `/api/artists/create-account-link/${await ensureAccount(w, who)}`,
});

export const payoutRows: MatrixRow[] = [
  {
    route: 'POST /api/artists/create-connect-account',
    case: 'for oneself: each artist makes their own (approved or not); an admin must name the artist',
    request: () => ({ method: 'POST', url: '/api/artists/create-connect-account', payload: {} }),
    expected: matrix({ ...notForFans, artist: 201, otherArtist: 201, admin: 400 }),
  },
  {
    route: 'POST /api/artists/create-connect-account',
    case: "naming a fresh approved artist: only an admin may make another's account",
    request: async (w: MatrixWorld, _actor: ActorName) => {
      const fresh = await createArtist(w.t.app, { artist: { status: 'ACTIVE' } });
      return { method: 'POST', url: '/api/artists/create-connect-account', payload: { artistID: fresh.artistId } };
    },
    expected: matrix({ ...notForFans, artist: 403, otherArtist: 403, admin: 201 }),
  },
  {
    route: 'POST /api/artists/create-connect-account',
    case: 'a bad country: access is decided before validation',
    request: () => ({ method: 'POST', url: '/api/artists/create-connect-account', payload: { country: 'Narnia' } }),
    expected: matrix({ ...notForFans, rest: 400 }),
  },
  {
    route: 'POST /api/artists/create-account-link/:id',
    case: "the approved artist's account: itself or an admin",
    request: linkFor('artist'),
    expected: matrix({ ...notForFans, artist: 200, otherArtist: 403, admin: 200 }),
  },
  {
    route: 'POST /api/artists/create-account-link/:id',
    case: "an unapproved artist's account: hidden from other artists (404)",
    request: linkFor('otherArtist'),
    expected: matrix({ ...notForFans, artist: 404, otherArtist: 200, admin: 200 }),
  },
  {
    route: 'GET /api/artists/retrieve-connect-account/:id',
    case: "the approved artist's account: itself or an admin",
    request: (w) => ({ method: 'GET', url: `/api/artists/retrieve-connect-account/${w.people.artist.artistId}` }),
    expected: matrix({ ...notForFans, artist: 200, otherArtist: 403, admin: 200 }),
  },
  {
    route: 'GET /api/payments/local/connect/onboarding/:linkId',
    case: 'a fresh link: whoever holds it (the link id is the credential, not a session)',
    request: async (w) => ({ method: 'GET', url: `/api/payments/local/connect/onboarding/${await freshLinkId(w)}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/payments/local/connect/onboarding/:linkId',
    case: 'an unknown link: not found for everyone',
    request: () => ({ method: 'GET', url: `/api/payments/local/connect/onboarding/acctlink_local_${'0'.repeat(48)}` }),
    expected: everyone(404),
  },
  {
    route: 'POST /api/payments/local/connect/onboarding/:linkId',
    case: 'a bank account on a fresh link: whoever holds it',
    request: async (w) => ({
      method: 'POST',
      url: `/api/payments/local/connect/onboarding/${await freshLinkId(w)}`,
      payload: { bankAccount },
    }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/payments/local/connect/onboarding/:linkId',
    case: 'an empty form',
    request: async (w) => ({
      method: 'POST',
      url: `/api/payments/local/connect/onboarding/${await freshLinkId(w)}`,
      payload: {},
    }),
    expected: everyone(400),
  },
  {
    route: 'GET /api/admin/payouts',
    case: "a period's payouts: admins only",
    request: () => ({ method: 'GET', url: '/api/admin/payouts?period=2019-01' }),
    expected: adminOnly,
  },
  {
    route: 'GET /api/admin/payout-runs',
    request: () => ({ method: 'GET', url: '/api/admin/payout-runs' }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/admin/payouts/run',
    case: 'a dry run of a past period: admins only',
    request: () => ({ method: 'POST', url: '/api/admin/payouts/run', payload: { period: '2019-01', dryRun: true } }),
    expected: adminOnly,
  },
  {
    route: 'POST /api/admin/payouts/run',
    case: 'a malformed period: access is decided before validation',
    request: () => ({ method: 'POST', url: '/api/admin/payouts/run', payload: { period: '2019-13' } }),
    expected: matrix({ anonymous: 401, admin: 400, rest: 403 }),
  },
];
