import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@hfm/shared';
import { forbidden } from '../errors/app-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `scheme://host[:port]` of a URL, or null when it is not one (`null`, garbage). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a cookie-carrying request came from the site itself. The site is the request's own origin as
 * Fastify sees it (its Host, or the forwarded host and scheme when TRUST_PROXY believes the proxy) and the
 * origin of PUBLIC_URL. A request without `Origin` came from no page or from an older client: it passes
 * unless the browser says `Sec-Fetch-Site: cross-site`.
 */
export function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] !== 'cross-site';
  const given = originOf(origin);
  if (given === null) return false;
  if (given === publicOrigin) return true;
  return given === originOf(`${request.protocol}://${request.host}`);
}

/**
 * CSRF defence for the cookie session (docs/decisions/0025), on top of SameSite=Lax: a state-changing
 * `/api` request that carries the session cookie must come from the site's own pages. Requests without
 * the cookie (provider webhooks, API clients) are not the browser's session and pass. Runs before the
 * session is looked up, so a refused request costs no query.
 */
export function registerSameOriginCheck(app: FastifyInstance, options: { publicUrl: string; sessionCookie: string }) {
  const publicOrigin = originOf(options.publicUrl) ?? options.publicUrl;
  // A callback hook, not an async one: no promise per request (docs/decisions/0066).
  app.addHook('onRequest', (request, _reply, done) => {
    const refused =
      STATE_CHANGING.has(request.method) &&
      request.url.startsWith('/api/') &&
      request.cookies[options.sessionCookie] !== undefined &&
      !isSameOrigin(request, publicOrigin);
    done(refused ? forbidden(messages.crossSiteRequest) : undefined);
  });
}
