import { signUnsubscribe } from '../../modules/releases/index.js';
import { everyone, matrix, signedInOnly, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

/** The otherFan's unsubscribe link for `artist` (otherFan subscribes to it). */
const token = (w: MatrixWorld) =>
  encodeURIComponent(signUnsubscribe(w.t.app.ctx.platform.signer, w.people.otherFan.id, w.people.artist.artistId));

/** Release notifications: New for you and the mail settings are the caller's own; the links are signed. */
export const releaseRows: MatrixRow[] = [
  {
    route: 'GET /api/releases/new',
    request: () => ({ method: 'GET', url: '/api/releases/new' }),
    expected: signedInOnly(),
  },
  {
    route: 'GET /api/releases/settings',
    request: () => ({ method: 'GET', url: '/api/releases/settings' }),
    expected: signedInOnly(),
  },
  {
    route: 'PUT /api/releases/settings',
    case: 'all on',
    request: () => ({ method: 'PUT', url: '/api/releases/settings', payload: { all: true } }),
    expected: signedInOnly(),
  },
  {
    route: 'PUT /api/releases/settings',
    case: "`artist`'s mails on: only its subscriber (otherFan) may",
    request: (w) => ({
      method: 'PUT',
      url: '/api/releases/settings',
      payload: { artists: [{ artistID: w.people.artist.artistId, on: true }] },
    }),
    expected: matrix({ anonymous: 401, otherFan: 200, rest: 400 }),
  },
  {
    route: 'GET /api/releases/unsubscribe',
    case: 'a signed link',
    request: (w) => ({ method: 'GET', url: `/api/releases/unsubscribe?token=${token(w)}` }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/releases/unsubscribe',
    case: 'a forged link',
    request: (w) => ({
      method: 'GET',
      url: `/api/releases/unsubscribe?token=${w.people.fan.id}.all.${'A'.repeat(43)}`,
    }),
    expected: everyone(400),
  },
  {
    route: 'POST /api/releases/unsubscribe',
    case: 'a signed link',
    request: (w) => ({ method: 'POST', url: `/api/releases/unsubscribe?token=${token(w)}` }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/releases/unsubscribe',
    case: 'a forged link',
    request: (w) => ({ method: 'POST', url: `/api/releases/unsubscribe?token=${w.people.otherFan.id}.all.x` }),
    expected: everyone(400),
  },
];
