import type * as Argon2 from '@node-rs/argon2';

/**
 * The native Argon2 library, loaded with the first password rather than at start: an API process answers
 * sooner after a start without it (docs/performance.md, "Cold start").
 */
let argon2: Promise<typeof Argon2> | undefined;
const library = () => (argon2 ??= import('@node-rs/argon2'));

/** Argon2id (the library's default algorithm) with its default, OWASP-recommended costs. */
export async function hashPassword(password: string): Promise<string> {
  return (await library()).hash(password);
}

/**
 * A throwaway hash of a password nobody has, made once with the library's default costs and kept here (it
 * hides nothing) rather than computed at each start: verifying against it costs what verifying against an
 * account's hash costs. `passwords.unit.test.ts` checks its costs still match a fresh hash's.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$ReSJ6aLyR1b1Y0+E09ajVQ$wTHqdUo1lHSrCxXkQwhhCBPbGYvRFLORcomDvzn8IN8';

/**
 * Verifies a password against a stored hash. Without a stored hash (unknown user) it still runs one
 * verify against a throwaway hash, so the answer takes as long either way and timing does not tell
 * whether an account exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const { verify } = await library();
  if (!storedHash) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
