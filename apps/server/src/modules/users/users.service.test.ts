import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createAccount } from './users.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('createAccount', () => {
  it('keeps the password hash out of a failed insert’s error (it would reach the log)', async () => {
    const failure = await createAccount(t.app.ctx.db, {
      firstName: 'Bad',
      lastName: 'Role',
      email: 'bad-role@example.test',
      password: 'Good-Pass-2025!',
      role: 'ROOT' as never,
      status: 'ACTIVE',
    }).then(
      () => new Error('no error') as Error & { code?: string },
      (error: unknown) => error as Error & { code?: string },
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure.code).toBe('23514');
    expect(failure.message).toContain('users_role_check');
    expect(JSON.stringify({ ...failure, message: failure.message, cause: String(failure.cause) })).not.toMatch(
      /argon2|Good-Pass/,
    );
  });
});
