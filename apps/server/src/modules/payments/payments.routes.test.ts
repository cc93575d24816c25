import { Writable } from 'node:stream';
import { cardMessages } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPaymentMethods } from '../../platform/db/schema/payments.js';
import { createArtist, createUser, signIn } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

const URL = '/api/payments/local/payment-methods';
const NUMBER = '4242424242424242';
const CVC = '737';
const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: CVC,
  cardName: 'Ada Lovelace',
  postalCode: '10001-1234',
};

describe('POST /api/payments/local/payment-methods', () => {
  let t: TestApp;
  let cookie: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Trace: the most the request log ever writes.
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream });
    cookie = await signIn(t.app, await createUser(t.app));
  });
  afterAll(async () => t.close());

  const post = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'POST', url: URL, payload: payload as object, headers });

  it('refuses an anonymous caller with 401, before reading the card', async () => {
    const res = await post(card, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect((await post({}, {})).statusCode).toBe(401);
  });

  it.each([
    ['number', { number: '4242 4242 4242 4241' }, cardMessages.number],
    ['number', { number: 'not a card' }, cardMessages.number],
    ['number', { number: 4242424242424242 }, cardMessages.number],
    ['expMonth', { expMonth: 13 }, cardMessages.expiry],
    ['expMonth', { expMonth: 'June' }, cardMessages.expiry],
    ['expYear', { expYear: 'next' }, cardMessages.expiry],
    ['expYear', { expMonth: 1, expYear: 2021 }, cardMessages.expired],
    ['cvc', { cvc: '12' }, cardMessages.cvc],
    ['cvc', { cvc: '12345' }, cardMessages.cvc],
    ['cardName', { cardName: '  ' }, cardMessages.cardName],
    ['cardName', { cardName: undefined }, cardMessages.cardName],
    ['postalCode', { postalCode: '1234' }, cardMessages.postalCode],
    ['postalCode', { postalCode: '12345-12' }, cardMessages.postalCode],
    ['postalCode', { postalCode: 'SW1A 1AA' }, cardMessages.postalCode],
  ])('answers 400 naming %s for %j', async (field, change, message) => {
    const res = await post({ ...card, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION', message, fields: { [field]: message } });
  });

  it('answers 400 for a body that is not a card form, 415 for one of no known type', async () => {
    const text = { cookie, 'content-type': 'text/plain' };
    for (const res of [
      await post([]),
      await post({ ...card, number: null }),
      await t.app.inject({ method: 'POST', url: URL, payload: NUMBER, headers: text }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
      expect(res.body).not.toContain(NUMBER);
    }
    const unknown = { cookie, 'content-type': 'application/x-card' };
    const res = await t.app.inject({ method: 'POST', url: URL, payload: NUMBER, headers: unknown });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 for broken JSON without repeating any of it', async () => {
    const res = await injectAs(t, cookie, {
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json' },
      payload: `{"number":"${NUMBER}","cvc":"${CVC}",`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect(res.body).not.toContain(NUMBER);
    expect(res.body).not.toContain(CVC);
  });

  it('answers 413 for a body far larger than a card form', async () => {
    const res = await post({ ...card, cardName: 'x'.repeat(10_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('turns a card into a token with brand and last four, and keeps neither number nor CVC', async () => {
    const res = await post(card);
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({ paymentMethodID: expect.stringMatching(/^pm_local_/), brand: 'visa', last4: '4242' });
    const rows = await t.app.ctx.db.select().from(localPaymentMethods);
    expect(rows.map((row) => row.id)).toContain(answer.paymentMethodID);
    expect(JSON.stringify(rows)).not.toContain(NUMBER);
  });

  it('tokenises for any signed-in user: a token is nobody’s until billing attaches it to the caller', async () => {
    const artist = await signIn(t.app, await createArtist(t.app));
    const res = await post({ ...card, number: '5555 5555 5555 4444' }, { cookie: artist });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });

  it('never writes a card number or CVC to the log', () => {
    const log = lines.join('');
    expect(log).toContain(URL);
    expect(log).not.toContain(NUMBER);
    expect(log).not.toContain('4242 4242 4242 4242');
    expect(log).not.toContain('4242424242424241');
    // Request ids are random hex: one may hold the CVC's digits by chance, so they are left out of the search.
    const withoutIds = log.replace(/"reqId":"[0-9a-f-]+"/g, '');
    expect(withoutIds).not.toMatch(new RegExp(`[^0-9]${CVC}[^0-9]`));
  });
});

describe('the card route is rate-limited like sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => t.close());

  it('answers 429 once a signed-in account has used its attempts', async () => {
    const cookie = await signIn(t.app, await createUser(t.app));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await injectAs(t, cookie, { method: 'POST', url: URL, payload: card });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('GET /api/payments/config', () => {
  it('names the local provider by default, with no publishable key', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ provider: 'local', publishableKey: null });
    } finally {
      await t.close();
    }
  });

  it('names Stripe and its publishable key when Stripe is configured, and takes no card numbers then', async () => {
    const t = await createTestApp({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_routes',
      STRIPE_WEBHOOK_SECRET: 'whsec_routes',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_routes',
    });
    try {
      // The app runs on the Stripe adapter (made without calling Stripe).
      expect(t.app.ctx.platform.payments).toMatchObject({ name: 'stripe', webhookSignatureHeader: 'stripe-signature' });
      const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_routes' });
      const cookie = await signIn(t.app, await createUser(t.app));
      const posted = await injectAs(t, cookie, { method: 'POST', url: URL, payload: card });
      expect(posted.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
