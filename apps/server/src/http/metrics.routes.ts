import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../errors/app-error.js';
import { REQUEST_SECONDS_BUCKETS, statusClass } from '../platform/metrics/metrics.js';

/** The route label of a request no route matched (a 404 of the router, or the web app's page fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Every answer counted and timed by method, route template (`/api/artists/:id`, never the URL itself) and
 * status class, once it is sent. Register before the routes.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  const metrics = app.ctx.platform.metrics;
  const labels = ['method', 'route', 'status_class'] as const;
  const requests = metrics.counter('hfm_http_requests_total', 'HTTP requests answered by this process.', labels);
  const duration = metrics.histogram(
    'hfm_http_request_duration_seconds',
    'Time from the request to its answer sent, in seconds.',
    labels,
    REQUEST_SECONDS_BUCKETS,
  );
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onResponse', (request, reply, done) => {
    const values = {
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
      status_class: statusClass(reply.statusCode),
    };
    requests.inc(values);
    duration.observe(values, reply.elapsedTime / 1000);
    done();
  });
}

const isLoopback = (address: string | undefined) =>
  address !== undefined && (/^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address));

function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read the metrics (decision 0024): with METRICS_TOKEN, whoever sends it as a Bearer token (401
 * without one, 403 with another); without it, only this machine, asked directly: a loopback peer, and no
 * proxy's forwarding headers (a load balancer on loopback would otherwise pass anyone's request on as ours).
 */
async function guardMetrics(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const expected = request.server.ctx.config.metricsToken;
  if (expected) {
    const given = /^Bearer ([\x21-\x7e]+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthenticated('The metrics need their token (Authorization: Bearer METRICS_TOKEN).');
    }
    if (!sameToken(given, expected)) throw forbidden('This is not the metrics token.');
    return;
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip) || forwarded) {
    throw forbidden('The metrics answer only this machine unless METRICS_TOKEN is set.');
  }
}

/** GET /metrics: Prometheus's text format, this process's figures (every api and worker process has its own). */
export function registerMetricsRoute(app: FastifyInstance): void {
  app.get('/metrics', { schema: { hide: true }, onRequest: guardMetrics }, async (_request, reply) => {
    const { contentType, text } = await app.ctx.platform.metrics.expose();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}
