import type { FastifyRequest } from 'fastify';
import { SIGNED_MEDIA_PATH } from '../platform/storage/signed-urls.js';

const MASK = '[masked]';

/** Query parameters whose values grant access: our signed URLs, S3's presigned ones, codes. */
const SECRET_PARAMETERS = new Set([
  'signature',
  'sig',
  'token',
  'code',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/** Anything around an at sign, raw or percent-encoded, up to the next separator. */
const EMAIL = /[^/?&=#\s]+(?:@|%40)[^/?&=#\s]+/gi;

const maskEmails = (text: string) => text.replace(EMAIL, '[email]');

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return maskEmails(pair);
      const name = pair.slice(0, equals);
      return `${name}=${SECRET_PARAMETERS.has(parameterName(name)) ? MASK : maskEmails(pair.slice(equals + 1))}`;
    })
    .join('&');
}

/** A payout onboarding link's id is its credential: the page's and its API's last segment. */
const ONBOARDING_LINK = /(\/connect\/onboarding\/)[^/?#]+/;

/** A signed media URL carries its token as the first path segment after the prefix. */
function maskPath(path: string): string {
  const prefix = `${SIGNED_MEDIA_PATH}/`;
  if (ONBOARDING_LINK.test(path)) return maskEmails(path.replace(ONBOARDING_LINK, `$1${MASK}`));
  if (!path.startsWith(prefix)) return maskEmails(path);
  const afterToken = path.indexOf('/', prefix.length);
  return maskEmails(`${prefix}${MASK}${afterToken === -1 ? '' : path.slice(afterToken)}`);
}

/** The URL as the request log may show it: no signatures, tokens or email addresses. */
export function maskUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return maskPath(url);
  return `${maskPath(url.slice(0, queryAt))}?${maskQuery(url.slice(queryAt + 1))}`;
}

/** Fastify's request serializer with the URL masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
