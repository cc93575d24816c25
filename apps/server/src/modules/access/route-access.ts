import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, unauthenticated } from '../../errors/app-error.js';
import { ARTISTS_ONLY } from './access.service.js';

/**
 * Who may call a route at all, declared in its options (`config: { access: 'signedIn' }`) and enforced
 * before the body is read or validated. Which things the caller may touch is the services' access line.
 * - public: anyone; the service decides per thing.
 * - anyone: anyone, answered the same whoever asks (a public read model): who is signed in is not even read.
 * - signedIn: any signed-in user (401 otherwise).
 * - artist: artists and admins (403 for other users), for routes that act for an artist.
 * - admin: admins only.
 * - signedUrl: anyone; the URL's own signature or token is checked by the handler.
 */
export const ROUTE_ACCESS = ['public', 'anyone', 'signedIn', 'artist', 'admin', 'signedUrl'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route with its declared access, as registered (the permission-matrix coverage test reads it). */
    routeAccess: readonly RouteAccessEntry[];
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

const NEEDS_DECLARATION = /^\/api(\/|$)/;

function enforce(access: RouteAccess, request: FastifyRequest): void {
  if (access === 'public' || access === 'anyone' || access === 'signedUrl') return;
  const user = request.currentUser;
  if (!user) throw unauthenticated();
  if (access === 'artist' && user.role !== 'ARTIST' && user.role !== 'ADMIN') throw forbidden(ARTISTS_ONLY);
  if (access === 'admin' && user.role !== 'ADMIN') throw forbidden();
}

/**
 * One onRequest hook (registered after the session hook) enforces each route's declared access, and the
 * app refuses to become ready while an `/api` route declares none. Register before any route.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('routeAccess', {
    getter: () =>
      routes.flatMap((route) =>
        [route.method].flat().map((method) => ({ method, url: route.url, access: route.config?.access })),
      ),
  });
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  // Callback hooks, not async ones, on every request's path: no promise each (docs/decisions/0066).
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    try {
      if (access) enforce(access, request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
  app.addHook('onReady', async () => {
    const declared = (route: RouteOptions) => ROUTE_ACCESS.includes(route.config?.access as RouteAccess);
    // Fastify's HEAD copy of a GET route shares its options: name the GET only.
    const copiedHead = (route: RouteOptions) =>
      route.method === 'HEAD' && routes.some((other) => other.method === 'GET' && other.url === route.url);
    const undeclared = routes.filter(
      (route) => NEEDS_DECLARATION.test(route.url) && !declared(route) && !copiedHead(route),
    );
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${String(route.method)} ${route.url}`).join(', ');
      throw new Error(`Every /api route must declare its access (config.access); these do not: ${names}`);
    }
  });
}
