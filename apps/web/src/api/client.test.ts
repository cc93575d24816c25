import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl, matchApiUrl } from './client';
import { error, headersOf, stubFetch, stubLocation } from '../test/test-utils';

const ID = '00000000-0000-4000-8000-0000000000a1';
const DELETED = { id: ID, deleted: true as const, artistsMoved: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('the typed API client', () => {
  it('fills path parameters encoded, and the query’s defined values in their order', async () => {
    const calls = stubFetch([{ method: 'DELETE', path: /^\/api\/genres\/remove\//, reply: { body: DELETED } }]);
    await api.delete('/genres/remove/{id}', { params: { id: 'a b/c' }, query: { moveArtistsTo: 'x&y' } });
    await api.delete('/genres/remove/{id}', { params: { id: ID }, query: { moveArtistsTo: undefined } });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/genres/remove/a%20b%2Fc?moveArtistsTo=x%26y',
      `DELETE /api/genres/remove/${ID}`,
    ]);
    expect(apiUrl('/albums/{id}/download', { params: { id: ID }, query: { format: 'mp3' } })).toBe(
      `/api/albums/${ID}/download?format=mp3`,
    );
    expect(matchApiUrl('/artist-pages/{slug}', '/api/artist-pages/nina%20simone')).toEqual({ slug: 'nina simone' });
    expect(matchApiUrl('/artist-pages/{slug}', '/api/artist-pages/a/b')).toBeNull();
  });

  it('sends JSON or FormData bodies and extra headers, and answers the body', async () => {
    const card = { brand: 'visa', last4: '4242', paymentMethodID: 'pm_1' };
    const calls = stubFetch([
      { method: 'POST', path: '/api/payments/local/payment-methods', reply: { status: 201, body: card } },
      { method: 'POST', path: `/api/banner-image/upload/${ID}`, reply: { body: { path: '/b.png' } } },
    ]);
    const body = { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123', cardName: 'N', postalCode: '1' };
    const answer = api.post('/payments/local/payment-methods', { body, headers: { 'Idempotency-Key': 'k1' } });
    await expect(answer).resolves.toEqual(card);
    const form = new FormData();
    form.append('fileName', JSON.stringify('b.png'));
    await api.post('/banner-image/upload/{id}', { params: { id: ID }, body: form });
    expect(calls[0]!.body).toEqual(body);
    expect(headersOf(calls[0]!)).toMatchObject({ 'content-type': 'application/json', 'Idempotency-Key': 'k1' });
    expect(calls[1]!.body).toEqual({ fileName: 'b.png' });
    expect(headersOf(calls[1]!)).not.toHaveProperty('content-type');
  });

  it('throws ApiError with the server’s code and fields, and a 401 goes to /login unless asked not to', async () => {
    const location = stubLocation('http://localhost/members/');
    stubFetch([
      { method: 'GET', path: '/api/genres', reply: error(401, 'UNAUTHENTICATED', 'Please sign in.') },
      { method: 'POST', path: '/api/auth', reply: error(400, 'VALIDATION', 'Check.', { password: 'Required.' }) },
    ]);
    await expect(api.get('/genres')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(location.assign).toHaveBeenCalledWith('/login');
    const refused = api.post('/auth', { body: { userName: 'a', password: '' }, redirectOn401: false });
    await expect(refused).rejects.toEqual(new ApiError(400, 'VALIDATION', 'Check.', { password: 'Required.' }));
  });

  it('says when the network fails, and lets an abort through', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/genres')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('Aborted', 'AbortError')));
    await expect(api.get('/genres', { signal: AbortSignal.abort() })).rejects.toHaveProperty('name', 'AbortError');
  });

  it('types routes, parameters and bodies from the API document', () => {
    const typeOnly = () => {
      // @ts-expect-error a route the server does not have
      void api.get('/genre');
      // @ts-expect-error a path parameter is missing
      void api.get('/songs/{id}');
      // @ts-expect-error the body is not the route's
      void api.post('/auth', { body: { email: 'a' } });
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
