import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

/**
 * The page policy the built web app works under: scripts only from this origin (Vite emits no inline
 * script); styles also inline, since sonner, TipTap and react-easy-crop insert `<style>` elements; media
 * and images may be blob: or data: (the player's MediaSource, the image editor's previews).
 */
export function contentSecurityPolicy(config: Config) {
  const storage = storageOrigins(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...storage],
    mediaSrc: ["'self'", 'blob:', ...storage],
    connectSrc: ["'self'", ...storage],
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

/** Security headers on every answer; HSTS only when the site is reached over https. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: isHttps(config) ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * Swagger UI sets its own policy on its pages (with hashes of its inline parts); keep it from being
 * framed and from upgrading requests on a plain-http site.
 */
export function docsPolicy(config: Config) {
  return (header: string) => {
    const tightened = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
    return isHttps(config) ? tightened : tightened.replace(/\s*upgrade-insecure-requests;?/, '');
  };
}
