import { etagOf } from '../platform/read-models/etag.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Pages whose body depends on who asks (a subscriber sees `subscribed: true`): a browser keeps its own copy
 * and asks again each time; a shared cache keeps none.
 */
export const VIEWER_PAGE_CACHE = 'private, no-cache';

export { etagOf } from '../platform/read-models/etag.js';

/**
 * Whether an If-None-Match header matches the tag (RFC 9110 13.1.2: weak comparison, `*` matches any
 * current representation, a list is comma separated).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Sends the body with its ETag, or a 304 with no body when the client holds it already. Responses vary by
 * the session cookie, so caches never hand one viewer's copy to another.
 *
 * The body is serialized once, by the route's own response serializer (checked against the contract), and
 * that text is both hashed and sent: a JSON string with a JSON content type goes out as it is.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = reply.serialize(body);
  const etag = etagOf(json);
  reply.header('etag', etag).header('cache-control', VIEWER_PAGE_CACHE).header('vary', 'Cookie');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Answers the same for every viewer: any cache may keep it, and must ask again before reusing it. */
export const PUBLIC_PAGE_CACHE = 'no-cache';

/**
 * Sends a body already serialized with its ETag (a read model from memory: platform/read-models), or a 304
 * with no body when the client holds it already. `cacheControl` says whether the answer may depend on the
 * viewer (VIEWER_PAGE_CACHE, varying by the session cookie) or not (PUBLIC_PAGE_CACHE).
 */
export function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  model: { body: string | Uint8Array; etag: string },
  cacheControl: string = VIEWER_PAGE_CACHE,
): FastifyReply {
  reply.header('etag', model.etag).header('cache-control', cacheControl);
  if (cacheControl === VIEWER_PAGE_CACHE) reply.header('vary', 'Cookie');
  if (matchesIfNoneMatch(request.headers['if-none-match'], model.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(model.body);
}
