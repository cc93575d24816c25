import { messages } from '@hfm/shared';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { listen, streamPost } from '../test/raw-http.js';
import { FAN_SIGN_UP_BODY_LIMIT } from './limits.js';
import {
  JSON_MAX_FIELDS,
  JsonShapeScan,
  jsonShape,
  readBoundedJson,
  tooDeepMessage,
  tooManyFieldsMessage,
} from './json-body.js';

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

describe('JsonShapeScan, fed chunk by chunk', () => {
  /** The scan of `text` cut into chunks of `size` bytes. */
  const inChunks = (text: string, size: number, maxFields: number) => {
    const bytes = Buffer.from(text, 'utf8');
    const scan = new JsonShapeScan(maxFields, 3);
    let shape = 'ok';
    for (let at = 0; at < bytes.length; at += size) shape = scan.feed(bytes.subarray(at, at + size));
    return shape;
  };

  it("gives the whole text's answer wherever the chunks are cut: escapes, backslash runs, multi-byte text", () => {
    const bodies = [
      JSON.stringify({ a: 'x\\"y,:{[', b: '\\\\', c: 'é,ü:"ß\\', d: [1, 2] }),
      JSON.stringify({ a: '\\'.repeat(7) + '"', b: ',,,,:::' }),
      JSON.stringify(['"', '\\', '\\"', 'ok', 1, 2]),
    ];
    for (const body of bodies) {
      const whole = Array.from({ length: 12 }, (_, fields) => jsonShape(body, fields, 3));
      for (let size = 1; size <= 9; size++) {
        const cut = Array.from({ length: 12 }, (_, fields) => inChunks(body, size, fields));
        expect(cut, `${body} in chunks of ${size}`).toEqual(whole);
      }
    }
  });

  it('refuses a body past its limits from its first chunks, without reading the rest', async () => {
    let made = 0;
    const chunk = Buffer.from('"k":0,'.repeat(10_000));
    function* body() {
      yield Buffer.from('{');
      for (; made < 1_000; made++) yield chunk;
    }
    const answer = await new Promise<Error | null>((resolve) =>
      readBoundedJson(Readable.from(body()), Number.NaN, { bytes: 100_000_000, fields: JSON_MAX_FIELDS }, resolve),
    );
    expect(answer?.message).toBe(tooManyFieldsMessage);
    // Readable.from reads a few chunks ahead of the consumer (its high-water mark), never the body's 1,000.
    expect(made).toBeLessThan(50);
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
