import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) with its default, OWASP-recommended costs. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/** Made once, ahead of the first unknown-user sign-in, so that one is not slower than the rest. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password-for-timing-only');
  return dummyHash;
}

/**
 * Verifies a password against a stored hash. Without a stored hash (unknown user) it still runs one
 * verify against a throwaway hash, so the answer takes as long either way and timing does not tell
 * whether an account exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await getDummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Starts making the throwaway hash early (the auth routes call this when they register). */
export function warmUpPasswordHashing(): void {
  void getDummyHash();
}
