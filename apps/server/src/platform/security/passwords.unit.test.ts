import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';

/** The costs in an Argon2 hash's header: `$argon2id$v=19$m=19456,t=2,p=1$`. */
const costs = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('passwords', () => {
  it('keeps a throwaway hash made with the costs a new hash gets, so an unknown user takes as long', async () => {
    const fresh = await hashPassword('correct horse battery staple');
    expect(costs(DUMMY_HASH)).toBe(costs(fresh));
    expect(await verifyPassword(fresh, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(fresh, 'wrong')).toBe(false);
    expect(await verifyPassword(null, 'correct horse battery staple')).toBe(false);
  });
});
