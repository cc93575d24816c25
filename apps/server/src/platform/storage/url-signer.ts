import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** What a signed media token grants: one key, or every key under a prefix (ending in '/'). */
export type MediaGrant = { scope: 'object'; key: string } | { scope: 'folder'; prefix: string };

export interface PartSignature {
  expires: number;
  signature: string;
}

/**
 * HMAC-SHA256 signatures for the URLs our server serves: upload parts (key, uploadId, part number,
 * expiry) and media (key or key prefix, expiry, download name). Expiry is in Unix seconds.
 */
export interface UrlSigner {
  signUploadPart(key: string, uploadId: string, partNumber: number, expires: number): string;
  verifyUploadPart(key: string, uploadId: string, partNumber: number, given: PartSignature): boolean;
  /** The token that goes in the media path: `o.{expires}.{sig}` or `f{depth}.{expires}.{sig}`. */
  signMedia(grant: MediaGrant, expires: number, downloadName?: string): string;
  /** The grant a token gives for this key, or null when the token is bad, expired or not for this key. */
  verifyMedia(token: string, key: string, downloadName?: string): MediaGrant | null;
  /** A signature of any text for one purpose (e.g. a short-lived cookie), and its check. */
  signText(purpose: string, text: string): string;
  verifyText(purpose: string, text: string, signature: string): boolean;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function createUrlSigner(secret: string): UrlSigner {
  const hmac = (...fields: (string | number)[]) =>
    crypto.createHmac('sha256', secret).update(fields.join('\n')).digest('base64url');
  const same = (a: string, b: string) =>
    a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const signMediaPath = (grant: MediaGrant, expires: number, downloadName = '') =>
    grant.scope === 'object'
      ? hmac('media', 'object', grant.key, expires, downloadName)
      : hmac('media', 'folder', grant.prefix, expires, downloadName);

  return {
    signUploadPart: (key, uploadId, partNumber, expires) => hmac('part', key, uploadId, partNumber, expires),
    verifyUploadPart(key, uploadId, partNumber, given) {
      if (!Number.isInteger(given.expires) || given.expires < nowSeconds()) return false;
      return same(given.signature, hmac('part', key, uploadId, partNumber, given.expires));
    },
    signMedia(grant, expires, downloadName) {
      const head = grant.scope === 'object' ? 'o' : `f${grant.prefix.split('/').length - 1}`;
      return `${head}.${expires}.${signMediaPath(grant, expires, downloadName)}`;
    },
    verifyMedia(token, key, downloadName) {
      const match = /^(o|f(\d{1,2}))\.(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const expires = Number(match[3]);
      if (expires < nowSeconds()) return null;
      const grant = grantFor(key, match[2]);
      if (!grant) return null;
      return same(match[4]!, signMediaPath(grant, expires, downloadName)) ? grant : null;
    },
    signText: (purpose, text) => hmac('text', purpose, text),
    verifyText: (purpose, text, signature) => same(signature, hmac('text', purpose, text)),
  };
}

function grantFor(key: string, depth: string | undefined): MediaGrant | null {
  if (depth === undefined) return { scope: 'object', key };
  const segments = key.split('/');
  const count = Number(depth);
  if (count < 1 || segments.length <= count) return null;
  return { scope: 'folder', prefix: `${segments.slice(0, count).join('/')}/` };
}

/** The folder grant for a key: its own folder and everything below it. */
export function folderGrantOf(key: string): MediaGrant {
  const folder = path.posix.dirname(key);
  if (folder === '.') throw new Error(`A folder grant needs a key inside a folder: ${key}`);
  return { scope: 'folder', prefix: `${folder}/` };
}

/**
 * SIGNING_SECRET when set; otherwise a random secret made once and kept in DATA_DIR (mode 0600), so
 * every process sharing DATA_DIR signs alike. Processes that do not share DATA_DIR must set SIGNING_SECRET.
 */
export async function loadSigningSecret(dataDir: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'signing-secret');
  await fsp.mkdir(dataDir, { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  await fsp.writeFile(temp, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    // link() creates the name only if it is absent, so concurrent first starts agree on one secret.
    await fsp.link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fsp.rm(temp, { force: true });
  }
  const secret = (await fsp.readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}
