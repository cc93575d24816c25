import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Pages whose body depends on who asks (a subscriber sees `subscribed: true`): a browser keeps its own copy
 * and asks again each time; a shared cache keeps none.
 */
export const VIEWER_PAGE_CACHE = 'private, no-cache';

/** A strong validator: the hash of the JSON body, so equal bodies have equal tags whatever the server. */
export function etagOf(body: unknown): string {
  return `"${crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

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
 */
export function sendWithEtag<T>(request: FastifyRequest, reply: FastifyReply, body: T): FastifyReply | T {
  const etag = etagOf(body);
  reply.header('etag', etag).header('cache-control', VIEWER_PAGE_CACHE).header('vary', 'Cookie');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return body;
}
