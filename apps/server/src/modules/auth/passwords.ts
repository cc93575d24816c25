import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) with its default, OWASP-recommended costs. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. Without a stored hash (unknown user) it still runs one
 * verify against a throwaway hash, so the answer takes as long either way and timing does not tell
 * whether an account exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password-for-timing-only');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
