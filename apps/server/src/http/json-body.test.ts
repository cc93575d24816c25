import { messages } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { listen, streamPost } from '../test/raw-http.js';
import { FAN_SIGN_UP_BODY_LIMIT } from './limits.js';
import { JSON_MAX_FIELDS, jsonShape, tooDeepMessage, tooManyFieldsMessage } from './json-body.js';

const fan = {
  firstName: 'Body',
  lastName: 'Limits',
  email: 'body-limits@example.com',
  password: 'Str0ng!Pass',
  confirmPassword: 'Str0ng!Pass',
  dob: '12/10/1990',
  gender: 'FEMALE',
  role: 'subscriber',
};

/** A sign-up body with `count` extra keys, as the attack sent (a million of them in 15 MB). */
function manyKeys(count: number): string {
  const keys = Array.from({ length: count }, (_, index) => `"k${index}":0`).join(',');
  return `{${JSON.stringify(fan).slice(1, -1)},${keys}}`;
}

describe('jsonShape', () => {
  it('does not count what is inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '{[,:"\\'.repeat(5_000), b: [1, 2] });
    expect(jsonShape(text, 4, 2)).toBe('ok');
    expect(jsonShape(text, 3, 2)).toBe('too-many-fields');
  });

  it('stops at the first limit passed', () => {
    expect(jsonShape('[[[1]]]', 10, 2)).toBe('too-deep');
    expect(jsonShape('[1,2,3,4]', 2)).toBe('too-many-fields');
  });
});

describe('JSON request bodies', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t.app);
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it('answers 413 to a body over the route’s size: a sign-in is a few hundred bytes', async () => {
    const res = await post('/api/auth', JSON.stringify({ userName: 'x@example.com', password: 'p'.repeat(100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: messages.tooLarge } });
  });

  it('answers 413 to an oversized sign-up from its declared length, before the body is sent', async () => {
    const declared = FAN_SIGN_UP_BODY_LIMIT + 1_000_000;
    // Only the first chunk is ever made unless the server reads on: the answer comes first.
    function* body() {
      yield Buffer.from('{"firstName":"');
      for (let sent = 0; sent < declared; sent += 65_536) yield Buffer.alloc(65_536, 'a');
    }
    const status = await streamPost(port, {
      path: '/api/users/create',
      headers: { 'content-type': 'application/json', 'content-length': String(declared) },
      body: body(),
    });
    expect(status).toBe(413);
  });

  it('answers 400 to a sign-up with too many keys, under the byte limit, without parsing it', async () => {
    const res = await post('/api/users/create', manyKeys(200_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: tooManyFieldsMessage } });
  });

  it('answers 400 to a deeply nested body', async () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const res = await post('/api/users/create', `{"firstName":${deep}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: tooDeepMessage } });
  });

  it('still takes a sign-up of the usual size, and one with a few extra keys under the limit', async () => {
    expect((await post('/api/users/create', JSON.stringify(fan))).statusCode).toBe(201);
    const extra = manyKeys(JSON_MAX_FIELDS / 4).replace(fan.email, 'body-limits-2@example.com');
    expect((await post('/api/users/create', extra)).statusCode).toBe(201);
  });

  it('keeps Fastify’s own answers for an empty or broken body and prototype poisoning', async () => {
    expect((await post('/api/auth', '{"userName":')).statusCode).toBe(400);
    expect((await post('/api/auth', '{"__proto__":{"admin":true}}')).statusCode).toBe(400);
  });
});
