import type { FastifyInstance } from 'fastify';
import { findSessionUser, SESSION_COOKIE } from './sessions.js';

/** Reads the session cookie on API requests and puts the user on `request.currentUser`. */
export function registerSessionHook(app: FastifyInstance): void {
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/media/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    request.currentUser = await findSessionUser(app.ctx.db, token);
  });
}
