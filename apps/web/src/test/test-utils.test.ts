import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeProblems } from './api-contract';
import { api } from '../api/client';
import { error, stubFetch } from './test-utils';

const GENRE = { _id: 'genre-1', id: 'genre-1', label: 'Jazz', artwork: null };

describe('the fetch stub holds replies to the API document', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers a reply the route could give', async () => {
    stubFetch([{ method: 'GET', path: '/api/genres', reply: { body: [GENRE] } }]);
    await expect(api.get('/genres')).resolves.toEqual([GENRE]);
  });

  it('refuses a stub of a route the server does not have', () => {
    expect(() => stubFetch([{ method: 'GET', path: '/api/genre', reply: { body: [] } }])).toThrow(
      'A stub of a route the server does not have: GET /api/genre',
    );
    expect(() => stubFetch([{ method: 'PUT', path: '/api/genres', reply: { body: [] } }])).toThrow(
      'route the server does not have',
    );
  });

  it('refuses a reply the answer schema does not allow', () => {
    expect(() => stubFetch([{ method: 'GET', path: '/api/genres', reply: { body: [{ name: 'Jazz' }] } }])).toThrow(
      /A stubbed reply the server could never give: GET \/api\/genres answering 200: .*must have required property/,
    );
    expect(() => stubFetch([{ method: 'GET', path: '/api/genres', reply: { status: 201, body: [] } }])).toThrow(
      'the route answers 200, never 201',
    );
  });

  it('refuses an error body the server could not give', () => {
    expect(() => stubFetch([{ method: 'GET', path: '/api/genres', reply: error(404, 'FORBIDDEN', 'No.') }])).toThrow(
      'the code FORBIDDEN is status 403',
    );
    expect(() => stubFetch([{ method: 'GET', path: '/api/genres', reply: { status: 500, body: 'oops' } }])).toThrow(
      'not an error body',
    );
  });

  it('reports a bad reply made by a function, and the test fails after it', async () => {
    stubFetch([{ method: 'GET', path: /^\/api\/songs\/[^/]+$/, reply: () => ({ body: { title: 'no id' } }) }]);
    await api.get('/songs/{id}', { params: { id: 'song-1' } });
    const problems = takeProblems(); // taken here, so this test passes; setup.ts would throw them after it
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^A stubbed reply the server could never give: GET \/api\/songs\/\{id\} answering 200/);
  });
});
