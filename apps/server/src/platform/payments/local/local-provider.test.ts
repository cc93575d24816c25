import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../../db/client.js';
import { localOnboardingBody } from '@hfm/shared';
import {
  localAccountLinks,
  localCharges,
  localConnectAccounts,
  localPaymentMethods,
  localTransfers,
} from '../../db/schema/payments.js';
import { describePaymentProviderContract } from '../provider.contract.js';
import { PaymentDeclinedError, PaymentRequestError, type ProviderEvent } from '../provider.js';
import { TEST_CARDS } from '../test-cards.js';
import { createLocalPaymentProvider, type LocalPaymentProvider } from './local-provider.js';
import { signWebhookBody } from './webhook-signature.js';

const SECRET = 'local-webhook-secret-for-tests';
const card = (number: string, overrides: Partial<{ expMonth: number; expYear: number }> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
  cardName: 'Ada Lovelace',
  postalCode: '10001',
  ...overrides,
});

/** The provider on a fresh database, with a clock the test moves. */
async function makeLocal(): Promise<{
  provider: LocalPaymentProvider;
  database: DatabaseHandle;
  advance(ms: number): void;
  now(): Date;
}> {
  const database = await openTestDatabase();
  let offset = 0;
  const provider = createLocalPaymentProvider({
    db: database.db,
    webhookSecret: SECRET,
    now: () => new Date(Date.now() + offset),
  });
  return { provider, database, advance: (ms) => void (offset += ms), now: () => new Date(Date.now() + offset) };
}

describePaymentProviderContract(
  `local provider on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  async () => {
    const { provider, database, advance } = await makeLocal();
    let clockSeconds = () => Math.floor(Date.now() / 1000);
    return {
      provider,
      async paymentMethodFor(name) {
        return (await provider.tokenizeCard(card(TEST_CARDS[name]))).paymentMethodId;
      },
      signWebhook(body, ageSeconds = 0) {
        return signWebhookBody(SECRET, body, clockSeconds() - ageSeconds);
      },
      sampleEvent() {
        const expected: ProviderEvent = {
          id: `evt_local_${crypto.randomBytes(6).toString('hex')}`,
          createdAt: new Date('2026-03-01T10:00:00.000Z'),
          type: 'charge.refunded',
          chargeId: 'ch_local_1',
          refundId: 're_local_1',
          amountCents: 999,
          metadata: { subscriptionId: 'our-sub-3' },
        };
        return { body: provider.signEvent(expected).body, expected };
      },
      async advanceClock(ms) {
        advance(ms);
        const previous = clockSeconds;
        clockSeconds = () => previous() + Math.floor(ms / 1000);
      },
      async onboardPayoutAccount(accountId, options = {}) {
        await onboard(provider, accountId, options.taxForm ?? true);
      },
      close: () => database.close(),
    };
  },
);

/** The onboarding page's submission, through the provider: a bank account and (unless not) a W-9. */
async function onboard(provider: LocalPaymentProvider, accountId: string, taxForm: boolean) {
  const { url } = await provider.createPayoutAccountLink({
    accountId,
    returnUrl: 'http://hfm.test/artist/#payouts',
    refreshUrl: 'http://hfm.test/artist/#payouts',
  });
  const linkId = url.split('/').pop()!;
  const done = await provider.completeOnboarding(
    linkId,
    localOnboardingBody.parse({
      bankAccount: { accountHolder: 'Contract Band', routingNumber: '110000000', accountNumber: '000123456789' },
      ...(taxForm ? { taxForm: W9 } : {}),
    }),
  );
  if (!done) throw new Error('the onboarding link was not usable');
  return linkId;
}

const W9 = {
  form: 'W-9',
  name: 'Ada Lovelace',
  taxClassification: 'individual',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  tinType: 'ssn',
  tin: '123-45-6789',
  certify: true,
  signature: 'Ada Lovelace',
} as const;

describe('local provider: what only it does', () => {
  let local: Awaited<ReturnType<typeof makeLocal>>;
  beforeAll(async () => {
    local = await makeLocal();
  });
  afterAll(async () => local?.database.close());

  it('keeps brand, last four and expiry of a card, never its number or CVC', async () => {
    const number = '5555555555554444';
    const saved = await local.provider.tokenizeCard({ ...card(number), cvc: '987' });
    expect(saved).toEqual({
      paymentMethodId: expect.stringMatching(/^pm_local_[0-9a-f]{24}$/),
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cardName: 'Ada Lovelace',
      postalCode: '10001',
    });
    const [row] = await local.database.db
      .select()
      .from(localPaymentMethods)
      .where(eq(localPaymentMethods.id, saved.paymentMethodId));
    // The row's random id and time are left out: hex digits may spell '987' by chance.
    const { id: _id, createdAt: _createdAt, ...kept } = row!;
    const stored = JSON.stringify(kept);
    expect(stored).not.toContain(number);
    expect(stored).not.toContain('555555555555');
    expect(stored).not.toContain('987');
  });

  it.each([
    ['a number failing the Luhn check', card('4242424242424241'), 'Your card number is invalid.'],
    [
      'an expired card',
      card(TEST_CARDS.succeeds, { expMonth: 1, expYear: 2020 }),
      "Your card's expiration date is in the past.",
    ],
    ['a CVC of two digits', { ...card(TEST_CARDS.succeeds), cvc: '12' }, "Your card's security code is invalid."],
  ])('refuses to tokenise %s', async (_case, given, message) => {
    const error = await local.provider.tokenizeCard(given).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentRequestError);
    expect(error).toMatchObject({ code: 'invalid_card', message });
  });

  it('declines a renewal once the card has expired (expired_card)', async () => {
    const { provider } = local;
    const { customerId } = await provider.ensureCustomer({
      memberId: crypto.randomUUID(),
      email: 'a@example.test',
      name: 'A',
    });
    const now = new Date();
    // Good through the end of next month: the first year is paid, the renewal a year later is not.
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const { paymentMethodId } = await provider.tokenizeCard(
      card(TEST_CARDS.succeeds, { expMonth: next.getUTCMonth() + 1, expYear: next.getUTCFullYear() }),
    );
    await provider.attachPaymentMethod({ customerId, paymentMethodId });
    const { subscription } = await provider.createSubscription({
      customerId,
      paymentMethodId,
      amountCents: 999,
      interval: 'year',
      description: 'One year',
      idempotencyKey: `expiring:${crypto.randomUUID()}`,
    });
    local.advance(366 * 24 * 3600 * 1000);
    const error = await provider
      .renewSubscription({
        subscriptionId: subscription.subscriptionId,
        idempotencyKey: `renew:${crypto.randomUUID()}`,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect(error).toMatchObject({ code: 'expired_card', message: 'Your card has expired.' });
  });

  it('records one row per idempotency key, declines included', async () => {
    const { provider, database } = local;
    const { customerId } = await provider.ensureCustomer({
      memberId: crypto.randomUUID(),
      email: 'b@example.test',
      name: 'B',
    });
    const { paymentMethodId } = await provider.tokenizeCard(card(TEST_CARDS.chargeFails));
    await provider.attachPaymentMethod({ customerId, paymentMethodId });
    const idempotencyKey = `rows:${crypto.randomUUID()}`;
    for (let i = 0; i < 3; i += 1) {
      await provider
        .charge({ customerId, paymentMethodId, amountCents: 999, description: 'x', idempotencyKey })
        .catch(() => undefined);
    }
    const rows = await database.db.select().from(localCharges).where(eq(localCharges.customerId, customerId));
    expect(rows.map((row) => [row.status, row.failureCode])).toEqual([['failed', 'card_declined']]);
  });

  it('keeps 2.9% + 30 cents of a payment as its fee: 59 of 999', async () => {
    const { provider } = local;
    const { customerId } = await provider.ensureCustomer({
      memberId: crypto.randomUUID(),
      email: 'fee@example.test',
      name: 'Fee',
    });
    const { paymentMethodId } = await provider.tokenizeCard(card(TEST_CARDS.succeeds));
    await provider.attachPaymentMethod({ customerId, paymentMethodId });
    const charge = await provider.charge({
      customerId,
      paymentMethodId,
      amountCents: 999,
      description: 'fee',
      idempotencyKey: `fee:${crypto.randomUUID()}`,
    });
    expect(charge.feeCents).toBe(59);
  });

  describe('payout accounts and their onboarding page', () => {
    const account = () =>
      local.provider.createPayoutAccount({
        artistId: crypto.randomUUID(),
        email: 'band@example.test',
        name: 'Local Band',
        country: 'US',
        idempotencyKey: `account:${crypto.randomUUID()}`,
      });
    const link = (accountId: string) =>
      local.provider.createPayoutAccountLink({
        accountId,
        returnUrl: 'http://hfm.test/artist/#payouts',
        refreshUrl: 'http://hfm.test/artist/#refresh',
      });

    it('points its links to our onboarding page, with an unguessable id good for an hour', async () => {
      const { accountId } = await account();
      const before = local.now().getTime();
      const { url, expiresAt } = await link(accountId);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/connect\/onboarding\/acctlink_local_[0-9a-f]{48}$/);
      expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
      expect(expiresAt.getTime()).toBeLessThanOrEqual(local.now().getTime() + 3600_000);
      const linkId = url.split('/').pop()!;
      expect(await local.provider.findOnboardingLink(linkId)).toMatchObject({
        linkId,
        returnUrl: 'http://hfm.test/artist/#payouts',
        status: { accountId, payoutsEnabled: false, requirements: ['external_account', 'tax_form'] },
      });
      local.advance(3600_000);
      expect(await local.provider.findOnboardingLink(linkId)).toBeNull();
      local.advance(-3600_000);
    });

    it('spends a link once it is completed, and keeps only last fours of the numbers', async () => {
      const { accountId } = await account();
      const linkId = await onboard(local.provider, accountId, true);
      expect(await local.provider.findOnboardingLink(linkId)).toBeNull();
      const again = await local.provider.completeOnboarding(linkId, localOnboardingBody.parse({ taxForm: W9 }));
      expect(again).toBeNull();
      expect(await local.provider.getPayoutAccount(accountId)).toEqual({
        accountId,
        detailsSubmitted: true,
        payoutsEnabled: true,
        taxForm: 'W-9',
        bankLast4: '6789',
        requirements: [],
      });
      const rows = JSON.stringify([
        await local.database.db.select().from(localConnectAccounts).where(eq(localConnectAccounts.id, accountId)),
        await local.database.db.select().from(localAccountLinks).where(eq(localAccountLinks.accountId, accountId)),
      ]);
      expect(rows).not.toContain('000123456789');
      expect(rows).not.toContain('123456789');
      expect(rows).not.toContain('110000000');
      expect(rows).toContain('"taxIdLast4":"6789"');
      expect(rows).toContain('"taxSignature":"Ada Lovelace"');
    });

    it('answers an unknown link as unusable', async () => {
      expect(await local.provider.findOnboardingLink(`acctlink_local_${'0'.repeat(48)}`)).toBeNull();
    });

    it('records one transfer per key', async () => {
      const { accountId } = await account();
      await onboard(local.provider, accountId, true);
      const idempotencyKey = `payout:${crypto.randomUUID()}`;
      for (let i = 0; i < 3; i += 1) {
        await local.provider.transfer({ accountId, amountCents: 500, description: 'x', idempotencyKey });
      }
      const rows = await local.database.db.select().from(localTransfers).where(eq(localTransfers.accountId, accountId));
      expect(rows.map((row) => row.amountCents)).toEqual([500]);
    });
  });
});
