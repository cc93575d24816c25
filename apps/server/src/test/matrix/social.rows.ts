import crypto from 'node:crypto';
import { hashToken } from '../../modules/auth/sessions.js';
import { socialPrefills } from '../../platform/db/schema/identity.js';
import { everyone, type MatrixRow } from '../permission-matrix.js';

/** The matrix app's social settings: Facebook Login's own endpoints, which starting a sign-in never calls. */
export const SOCIAL_MATRIX_ENV = { SOCIAL_CLIENT_ID: 'matrix-app', SOCIAL_CLIENT_SECRET: 'matrix-secret' };

/** Social sign-in is for people who are not signed in yet, and harmless for those who are: open to all. */
export const socialRows: MatrixRow[] = [
  {
    route: 'GET /api/auth/social/providers',
    request: () => ({ method: 'GET', url: '/api/auth/social/providers' }),
    expected: everyone(200),
  },
  {
    route: 'GET /api/auth/social/:provider/start',
    request: () => ({ method: 'GET', url: '/api/auth/social/facebook/start' }),
    expected: everyone(302),
  },
  {
    route: 'GET /api/auth/social/:provider/start',
    case: 'a provider not configured',
    request: () => ({ method: 'GET', url: '/api/auth/social/google/start' }),
    expected: everyone(404),
  },
  {
    route: 'GET /api/auth/social/:provider/callback',
    case: 'no flow cookie: back to sign-up',
    request: () => ({ method: 'GET', url: '/api/auth/social/facebook/callback?code=c&state=s' }),
    expected: everyone(302),
  },
  {
    route: 'GET /api/auth/social/prefill/:token',
    request: async (w) => {
      const token = crypto.randomBytes(32).toString('base64url');
      await w.t.app.ctx.db.insert(socialPrefills).values({
        tokenHash: hashToken(token),
        provider: 'facebook',
        subject: token,
        firstName: 'M',
        lastName: 'X',
        email: 'matrix@example.test',
        expiresAt: new Date(Date.now() + 60_000),
      });
      return { method: 'GET', url: `/api/auth/social/prefill/${token}` };
    },
    expected: everyone(200),
  },
  {
    route: 'GET /api/auth/social/prefill/:token',
    case: 'an unknown token',
    request: () => ({ method: 'GET', url: `/api/auth/social/prefill/${'z'.repeat(43)}` }),
    expected: everyone(404),
  },
];
