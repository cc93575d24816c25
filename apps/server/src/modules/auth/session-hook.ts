import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { findSessionUser, SESSION_COOKIE } from './sessions.js';

/** The artist id of an ARTIST account's user, or null; given by the app (artists sit above auth). */
export type ArtistIdOfUser = (db: Database, userId: string) => Promise<string | null>;

/**
 * Reads the session cookie on API requests and on artists' pages (/a/..., which carry the visitor's own API
 * answers, read from the services as that user), not on /media, and puts the user on `request.currentUser`.
 */
export function registerSessionHook(app: FastifyInstance, artistIdOfUser: ArtistIdOfUser): void {
  app.decorateRequest('currentUser', null);
  const signIn = async (request: FastifyRequest, token: string) => {
    const user = await findSessionUser(app.ctx.db, token);
    // Only ARTIST accounts have an artist (artist sign-up makes both); others skip the lookup.
    if (user?.role === 'ARTIST') user.artistId = await artistIdOfUser(app.ctx.db, user.id);
    request.currentUser = user;
  };
  // A callback hook: a request without a session makes no promise (docs/decisions/0066).
  app.addHook('onRequest', (request, _reply, done) => {
    // Only the API reads the user: /media answers public images and signed URLs, whatever the cookie, and a
    // lookup there cost one or two queries per stream segment and image (decision 0031).
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/a/')) return done();
    // A route that answers everyone the same (route-access.ts) needs no one's session: no statement.
    if (request.routeOptions.config.access === 'anyone') return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return done();
    signIn(request, token).then(() => done(), done);
  });
}
