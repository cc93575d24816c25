import { Writable } from 'node:stream';
import { payoutMessages } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAccountLinks, localConnectAccounts } from '../../platform/db/schema/payments.js';
import { createUser, signIn } from '../../test/factories.js';
import {
  artistWithCookie,
  createPayoutAccount,
  createPayoutTestApp,
  onboardingLinkId,
  TEST_BANK_ACCOUNT,
  TEST_W8BEN,
  TEST_W9,
  type PayoutTestApp,
} from '../../test/payout-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { injectAs } from '../../test/route-cast.js';

const URL = (linkId: string) => `/api/payments/local/connect/onboarding/${linkId}`;
const ACCOUNT_NUMBER = '000123456789';
const SSN = '123-45-6789';
const FOREIGN_TIN = '0101302989';

let t: PayoutTestApp;
const lines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // Trace: the most the request log ever writes.
  t = await createPayoutTestApp({ LOG_LEVEL: 'trace' }, { logStream });
});
afterAll(async () => t.close());

/** An artist with a payout account and a fresh onboarding link. */
async function freshLink(country = 'US') {
  const { artist, cookie } = await artistWithCookie(t);
  const account = await createPayoutAccount(t, cookie, { country });
  return { artist, cookie, account, linkId: await onboardingLinkId(t, cookie, artist.artistId) };
}
const show = (linkId: string) => t.app.inject({ method: 'GET', url: URL(linkId) });
const submit = (linkId: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: URL(linkId), payload: payload as object, headers });

describe('GET /api/payments/local/connect/onboarding/{linkId}', () => {
  it('is a 404 for a link that is unknown, malformed, expired or spent: the link id is the credential', async () => {
    for (const linkId of [`acctlink_local_${'0'.repeat(48)}`, 'nope']) {
      const res = await show(linkId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(payoutMessages.onboardingGone);
    }
    const { linkId } = await freshLink();
    await t.app.ctx.db
      .update(localAccountLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localAccountLinks.id, linkId));
    expect((await show(linkId)).statusCode).toBe(404);
    expect((await submit(linkId, { bankAccount: TEST_BANK_ACCOUNT })).statusCode).toBe(404);
  });

  it('shows the account and what it still needs, to anyone holding the link (no sign-in)', async () => {
    const { artist, linkId } = await freshLink();
    const res = await show(linkId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accountName: artist.artist.name,
      email: artist.email,
      country: 'US',
      bankAccount: null,
      taxForm: null,
      requirements: ['external_account', 'tax_form'],
      expiresAt: expect.any(String),
      returnUrl: `${t.config.publicUrl}/artist/#payouts`,
    });
  });
});

describe('POST /api/payments/local/connect/onboarding/{linkId}', () => {
  const w9 = (change: object) => ({ taxForm: { ...TEST_W9, ...change } });
  const w8 = (change: object) => ({ taxForm: { ...TEST_W8BEN, ...change } });
  const bank = (change: object) => ({ bankAccount: { ...TEST_BANK_ACCOUNT, ...change } });

  it.each([
    ['body', {}, payoutMessages.nothingGiven],
    ['bankAccount.routingNumber', bank({ routingNumber: '110000001' }), payoutMessages.routingNumber],
    ['bankAccount.routingNumber', bank({ routingNumber: '11000000' }), payoutMessages.routingNumber],
    ['bankAccount.accountNumber', bank({ accountNumber: '123' }), payoutMessages.accountNumber],
    ['bankAccount.accountNumber', bank({ accountNumber: '1'.repeat(18) }), payoutMessages.accountNumber],
    ['bankAccount.accountNumber', bank({ accountNumber: '12ab5678' }), payoutMessages.accountNumber],
    ['bankAccount.accountHolder', bank({ accountHolder: ' ' }), payoutMessages.accountHolder],
    ['taxForm.form', { taxForm: { ...TEST_W9, form: 'W-4' } }, payoutMessages.taxFormType],
    ['taxForm.tin', w9({ tin: '000-12-3456' }), payoutMessages.ssn],
    ['taxForm.tin', w9({ tin: '666-12-3456' }), payoutMessages.ssn],
    ['taxForm.tin', w9({ tinType: 'ein', tin: '00-1234567' }), payoutMessages.ein],
    ['taxForm.tin', w9({ tin: '12-345' }), payoutMessages.tin],
    ['taxForm.taxClassification', w9({ taxClassification: 'pirate' }), payoutMessages.taxClassification],
    ['taxForm.state', w9({ state: 'XX' }), payoutMessages.state],
    ['taxForm.zip', w9({ zip: '1234' }), payoutMessages.zip],
    ['taxForm.certify', w9({ certify: false }), payoutMessages.certify],
    ['taxForm.signature', w9({ signature: '' }), payoutMessages.signature],
    ['taxForm.name', w9({ name: '' }), payoutMessages.legalName],
    ['taxForm.citizenship', w8({ citizenship: 'US' }), payoutMessages.usPerson],
    ['taxForm.country', w8({ country: 'ZZ' }), payoutMessages.residence],
    ['taxForm.foreignTin', w8({ foreignTin: '', noForeignTinReason: '' }), payoutMessages.foreignTin],
    ['taxForm.dateOfBirth', w8({ dateOfBirth: '1965-11-21' }), payoutMessages.dateOfBirth],
    ['taxForm.dateOfBirth', w8({ dateOfBirth: '02/30/1990' }), payoutMessages.dateOfBirth],
  ])('answers 400 naming %s', async (field, payload, message) => {
    const { linkId } = await freshLink();
    const res = await submit(linkId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(res.body).not.toContain(ACCOUNT_NUMBER);
    // A refused form does not spend the link.
    expect((await show(linkId)).statusCode).toBe(200);
  });

  it('answers 400 for broken JSON without repeating it, 413 for a body far larger than a form', async () => {
    const { linkId } = await freshLink();
    const broken = await t.app.inject({
      method: 'POST',
      url: URL(linkId),
      headers: { 'content-type': 'application/json' },
      payload: `{"bankAccount":{"accountNumber":"${ACCOUNT_NUMBER}"`,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toContain(ACCOUNT_NUMBER);
    const large = await submit(linkId, bank({ accountHolder: 'x'.repeat(10_000) }));
    expect(large.statusCode).toBe(413);
  });

  it('keeps the bank account and a W-9 as last fours, spends the link, and sends the artist back to the studio', async () => {
    const { account, linkId } = await freshLink();
    const res = await submit(linkId, { bankAccount: TEST_BANK_ACCOUNT, taxForm: TEST_W9 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ returnUrl: `${t.config.publicUrl}/artist/#payouts`, requirements: [] });
    expect((await show(linkId)).statusCode).toBe(404);
    expect((await submit(linkId, { taxForm: TEST_W9 })).statusCode).toBe(404);
    const [row] = await t.app.ctx.db
      .select()
      .from(localConnectAccounts)
      .where(eq(localConnectAccounts.id, account.accountID));
    expect(row).toMatchObject({
      bankAccountHolder: 'The Test Band',
      bankLast4: '6789',
      taxForm: 'W-9',
      taxName: 'Ada Lovelace',
      taxBusinessName: 'The Test Band LLC',
      taxIdLast4: '6789',
      taxSignature: 'Ada Lovelace',
    });
    expect(row!.taxSignedAt).toBeInstanceOf(Date);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(ACCOUNT_NUMBER);
    expect(stored).not.toContain('123456789');
    expect(stored).not.toContain(TEST_BANK_ACCOUNT.routingNumber);
    expect(stored).not.toContain('1 Main St');
  });

  it('takes a W-8BEN from someone abroad, and the bank account and form on separate visits', async () => {
    const { cookie, artist, account, linkId } = await freshLink('IS');
    expect((await submit(linkId, { taxForm: TEST_W8BEN })).json()).toMatchObject({
      requirements: ['external_account'],
    });
    const next = await onboardingLinkId(t, cookie, artist.artistId);
    expect((await show(next)).json()).toMatchObject({
      country: 'IS',
      bankAccount: null,
      taxForm: { form: 'W-8BEN', name: TEST_W8BEN.name },
      requirements: ['external_account'],
    });
    expect((await submit(next, { bankAccount: TEST_BANK_ACCOUNT })).json()).toMatchObject({ requirements: [] });
    const [row] = await t.app.ctx.db
      .select()
      .from(localConnectAccounts)
      .where(eq(localConnectAccounts.id, account.accountID));
    expect(row).toMatchObject({ taxForm: 'W-8BEN', taxIdLast4: '2989', bankLast4: '6789' });
    expect(JSON.stringify(row)).not.toContain(FOREIGN_TIN);
    expect(JSON.stringify(row)).not.toContain('11/21/1965');
  });

  it('never writes a full account number, routing number or tax id to the log', () => {
    const log = lines.join('');
    expect(log).toContain('/api/payments/local/connect/onboarding/[masked]');
    for (const secret of [ACCOUNT_NUMBER, SSN, '123456789', FOREIGN_TIN, 'acctlink_local_']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('the onboarding page is rate-limited like the card form', () => {
  let limited: PayoutTestApp;
  beforeAll(async () => {
    limited = await createPayoutTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => limited.close());

  it('answers 429 once an address has used its attempts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await limited.app.inject({ method: 'GET', url: URL('nope') })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe('with Stripe configured', () => {
  let stripe: TestApp;
  beforeAll(async () => {
    stripe = await createTestApp({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_onboarding',
      STRIPE_WEBHOOK_SECRET: 'whsec_onboarding',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_onboarding',
    });
  });
  afterAll(async () => stripe.close());

  it('has no local onboarding page (404): Stripe hosts its own', async () => {
    const cookie = await signIn(stripe.app, await createUser(stripe.app));
    for (const method of ['GET', 'POST'] as const) {
      const res = await injectAs(stripe, cookie, {
        method,
        url: URL(`acctlink_local_${'0'.repeat(48)}`),
        ...(method === 'POST' ? { payload: { bankAccount: TEST_BANK_ACCOUNT } } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
