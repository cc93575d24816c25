import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRows } from './matrix/all.rows.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** `METHOD /api/...` of every API route the app serves (HEAD answers are Fastify's copies of GET). */
function apiRoutes(app: TestApp['app']): string[] {
  const routes = app.routeAccess
    .filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`);
  return [...new Set(routes)].sort();
}

describe('the permission matrix covers the API', () => {
  it('has at least one row for every /api route of the built app', () => {
    const covered = new Set(allRows.map((row) => row.route));
    const missing = apiRoutes(t.app).filter((route) => !covered.has(route));
    expect(missing, 'routes without a row in src/test/matrix/*.rows.ts').toEqual([]);
  });

  it('has no row for a route the app does not serve', () => {
    const served = new Set(apiRoutes(t.app));
    expect(allRows.map((row) => row.route).filter((route) => !served.has(route))).toEqual([]);
  });

  it('sees every route with its declared access', () => {
    const undeclared = t.app.routeAccess.filter((route) => route.url.startsWith('/api') && !route.access);
    expect(undeclared).toEqual([]);
    expect(t.app.routeAccess.find((route) => route.url === '/api/songs' && route.method === 'POST')?.access).toBe(
      'artist',
    );
  });
});
