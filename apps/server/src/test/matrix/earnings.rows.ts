import { matrix, type MatrixRow } from '../permission-matrix.js';

/** `artist`'s earnings: itself and admins; fans are refused by the route (403), the pending otherArtist sees `artist` (403). */
const ownEarnings = matrix({ anonymous: 401, artist: 200, admin: 200, rest: 403 });
/** The PENDING otherArtist's: itself and admins; `artist` may not see it (404); fans are refused first (403). */
const hiddenEarnings = matrix({ anonymous: 401, otherArtist: 200, admin: 200, artist: 404, rest: 403 });
const adminOnly = (status = 200) => matrix({ anonymous: 401, admin: status, rest: 403 });

export const earningsRows: MatrixRow[] = [
  ...(['earnings', 'earnings.csv'] as const).flatMap((path): MatrixRow[] => [
    {
      route: `GET /api/artists/:id/${path}`,
      case: 'an ACTIVE artist',
      request: (w) => ({ method: 'GET', url: `/api/artists/${w.people.artist.artistId}/${path}` }),
      expected: ownEarnings,
    },
    {
      route: `GET /api/artists/:id/${path}`,
      case: 'a PENDING artist',
      request: (w) => ({ method: 'GET', url: `/api/artists/${w.people.otherArtist.artistId}/${path}` }),
      expected: hiddenEarnings,
    },
  ]),
  ...(['revenue', 'revenue.csv'] as const).flatMap((path): MatrixRow[] => [
    {
      route: `GET /api/admin/${path}`,
      case: 'the last 12 months',
      request: () => ({ method: 'GET', url: `/api/admin/${path}` }),
      expected: adminOnly(),
    },
    {
      route: `GET /api/admin/${path}`,
      case: 'a month that is not YYYY-MM',
      request: () => ({ method: 'GET', url: `/api/admin/${path}?from=2024-13` }),
      expected: adminOnly(400),
    },
  ]),
];
