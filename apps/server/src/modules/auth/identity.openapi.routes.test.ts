import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
});
afterAll(async () => t.close());

const IDENTITY_ROUTES: [string, string][] = [
  ['post', '/api/auth'],
  ['get', '/api/auth/session'],
  ['post', '/api/auth/logout'],
  ['post', '/api/auth/confirm-user'],
  ['post', '/api/auth/resend-code'],
  ['get', '/api/users/check-email/{email}'],
  ['post', '/api/users/create'],
  ['put', '/api/users/{id}'],
  ['put', '/api/users/password/{id}'],
  ['post', '/api/profile-image/upload/{id}'],
  ['delete', '/api/users/remove/profile-image/{id}'],
  ['get', '/api/users/session/profile'],
  ['get', '/api/initial'],
  ['post', '/api/artists/create'],
  ['get', '/api/genres'],
];

describe('identity routes in /api/openapi.json', () => {
  it.each(IDENTITY_ROUTES)('%s %s is documented with a tag and a success schema', (method, path) => {
    const operation = paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation!.tags?.length).toBeGreaterThan(0);
    const success = Object.keys(operation!.responses ?? {}).find((status) => status.startsWith('2'));
    expect(success).toBeDefined();
  });

  it('never documents a password or hash in a response', () => {
    const responses = IDENTITY_ROUTES.map(([method, path]) => paths[path]![method]!.responses);
    expect(JSON.stringify(responses)).not.toMatch(/password|hash/i);
  });
});
