import { isValidEmail } from '@hfm/shared';
import { processImage } from '../../platform/media/images.js';

/** Who the provider says signed in, in our words. */
export interface SocialProfile {
  /** The provider's stable id of the person (`sub`, or Facebook's `id`). */
  subject: string;
  firstName: string;
  lastName: string;
  /** Lower-cased; '' when the provider gave none (or none that looks like an email). */
  email: string;
  /** Only an OpenID provider's `email_verified: true` counts; Facebook's Graph API says nothing of it. */
  emailVerified: boolean;
  pictureUrl: string | null;
}

type Claims = Record<string, unknown>;

const text = (value: unknown, max = 100): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * Maps OpenID claims (`sub`, `given_name`, `family_name`, `email`, `email_verified`, `picture`) or Facebook's
 * Graph `me` (`id`, `first_name`, `last_name`, `email`, `picture.data.url`) to a profile; null without a subject.
 */
export function profileFromClaims(claims: Claims): SocialProfile | null {
  const subject =
    text(claims.sub, 255) || (typeof claims.id === 'string' || typeof claims.id === 'number' ? String(claims.id) : '');
  if (!subject) return null;
  const [first = '', ...rest] = text(claims.name, 200).split(/\s+/);
  const email = text(claims.email, 254).toLowerCase();
  return {
    subject,
    firstName: text(claims.given_name) || text(claims.first_name) || first,
    lastName: text(claims.family_name) || text(claims.last_name) || rest.join(' '),
    email: isValidEmail(email) ? email : '',
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    pictureUrl: pictureUrlOf(claims.picture),
  };
}

/** OpenID's `picture` is a URL; Facebook's is `{ data: { url, is_silhouette } }` (the silhouette is no picture). */
function pictureUrlOf(picture: unknown): string | null {
  if (typeof picture === 'string') return picture || null;
  const data = (picture as { data?: { url?: unknown; is_silhouette?: unknown } } | null)?.data;
  if (!data || data.is_silhouette === true || typeof data.url !== 'string') return null;
  return data.url || null;
}

/** Bounds on fetching a profile picture from the provider's servers. */
export const PICTURE_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 5_000, maxDimension: 1200 } as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
export const isLoopbackUrl = (url: string): boolean => {
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * The profile picture as a PNG or JPEG data URL, re-encoded (metadata stripped) and bounded, or null when
 * it cannot be had: only https (http only on loopback, for a provider on loopback), no redirects, image
 * types only, at most `maxBytes`, within `timeoutMs`. A picture is a nicety: failing to get one is not
 * a failed sign-in.
 */
export async function fetchPicture(url: string, options: { allowLoopbackHttp: boolean }): Promise<string> {
  const parsed = new URL(url);
  const loopbackHttp = options.allowLoopbackHttp && parsed.protocol === 'http:' && isLoopbackUrl(url);
  if (parsed.protocol !== 'https:' && !loopbackHttp) throw new Error(`picture URL is not https: ${parsed.origin}`);
  const response = await fetch(parsed, {
    redirect: 'error',
    signal: AbortSignal.timeout(PICTURE_LIMITS.timeoutMs),
    headers: { accept: 'image/png, image/jpeg' },
  });
  if (!response.ok || !response.body) throw new Error(`picture answered ${response.status}`);
  const type = response.headers.get('content-type') ?? '';
  if (!/^image\/(png|jpeg|jpg)\b/i.test(type)) {
    await response.body.cancel();
    throw new Error(`picture is ${type || 'of no type'}, not a PNG or JPEG`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > PICTURE_LIMITS.maxBytes) {
    await response.body.cancel();
    throw new Error(`picture is ${declared} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > PICTURE_LIMITS.maxBytes) throw new Error(`picture is over ${PICTURE_LIMITS.maxBytes} bytes`);
    chunks.push(chunk);
  }
  const image = await processImage(Buffer.concat(chunks), PICTURE_LIMITS.maxDimension);
  return `data:${image.contentType};base64,${image.data.toString('base64')}`;
}
