import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * Where the browser fetches media and sends upload parts when files live in S3: the endpoint (path
 * style) or the bucket's own host (virtual-host style, AWS without an endpoint).
 */
export function storageOrigins(config: Config): string[] {
  const s3 = config.s3;
  if (!s3) return [];
  if (!s3.endpoint)
    return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://s3.${s3.region}.amazonaws.com`];
  const endpoint = new URL(s3.endpoint);
  return s3.forcePathStyle
    ? [endpoint.origin]
    : [`${endpoint.protocol}//${s3.bucket}.${endpoint.host}`, endpoint.origin];
}

/** Stripe.js, its card element's frames and its API (Stripe's published policy), only when Stripe takes cards. */
function stripeSources(config: Config) {
  if (config.payments.provider !== 'stripe') return { script: [], frame: [], connect: [] };
  return {
    script: ['https://js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  };
}

/**
 * The page policy the built web app works under (an e2e test loads the pages in Chromium and fails on any
 * violation): scripts only from this origin, no inline script and no eval; styles also inline, since sonner, TipTap and react-easy-crop insert `<style>` elements; media
 * and images may be blob: or data: (the player's MediaSource, the image editor's previews).
 */
export function contentSecurityPolicy(config: Config) {
  const storage = storageOrigins(config);
  const stripe = stripeSources(config);
  const publicImages = config.mediaPublicUrl ? [new URL(config.mediaPublicUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...stripe.script],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...storage, ...publicImages],
    mediaSrc: ["'self'", 'blob:', ...storage],
    connectSrc: ["'self'", ...storage, ...stripe.connect],
    frameSrc: ["'self'", ...stripe.frame],
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: isHttps(config) ? [] : null,
  };
}

const isHttps = (config: Config) => config.publicUrl.startsWith('https:');

function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: isHttps(config) ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for these options, worked out once: the options depend on the configuration only
 * (no per-request nonce or directive), so every answer gets the same names and values in the same order.
 */
export function securityHeaders(config: Config): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string) {
      headers.push([name, value]);
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(helmetOptions(config))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure as Error;
  return headers;
}

/**
 * Security headers on every answer; HSTS only when the site is reached over https. Set from the list made at
 * start (docs/decisions/0066): @fastify/helmet built helmet's middleware again on each request, parsing the
 * page policy each time.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * Lets any site frame this answer (the embeddable player, /embed/*: docs/decisions/0056): the page policy's
 * frame-ancestors becomes `*` and X-Frame-Options goes. Every other answer stays unframeable.
 */
export function allowFraming(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string')
    void reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  void reply.removeHeader('x-frame-options');
}

/**
 * Swagger UI sets its own policy on its pages (with hashes of its inline scripts); it also inserts style
 * elements, so styles may be inline there too. It is never framed, and upgrades requests only under https.
 */
export function docsPolicy(config: Config) {
  return (header: string) => {
    const directives = header
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive !== '' && (isHttps(config) || directive !== 'upgrade-insecure-requests'))
      .map((directive) => {
        if (directive.startsWith('frame-ancestors')) return "frame-ancestors 'none'";
        if (directive.startsWith('style-src ')) return "style-src 'self' 'unsafe-inline'";
        return directive;
      });
    return `${directives.join('; ')};`;
  };
}
