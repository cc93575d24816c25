import crypto from 'node:crypto';
import { localOnboardingBody, type LocalOnboardingBody } from '@hfm/shared';
import { eq } from 'drizzle-orm';
import { paidTermRows } from '../modules/billing/ledger.js';
import { insertLedgerRows } from '../modules/billing/ledger.repository.js';
import { ledgerEntries } from '../platform/db/schema/billing.js';
import { payouts } from '../platform/db/schema/payouts.js';
import { localTransfers } from '../platform/db/schema/payments.js';
import { createLocalPaymentProvider, type LocalPaymentProvider } from '../platform/payments/local/local-provider.js';
import type { Transfer, TransferInput } from '../platform/payments/provider.js';
import { LOCAL_WEBHOOK_SECRET } from './billing-helpers.js';
import { createArtist, signIn, type TestArtist } from './factories.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { injectAs } from './route-cast.js';

/**
 * What the next transfer to an account does besides its real work: throw after sending (a crash), refuse it, or
 * (a function) run something once it is sent and written nowhere yet, e.g. stop the run there.
 */
export type TransferFault = 'crash-after-sending' | Error | (() => Promise<void> | void);

/** A test app on the local provider whose transfers a test can make crash or be refused, once per account. */
export interface PayoutTestApp extends TestApp {
  payments: LocalPaymentProvider;
  failTransferTo(accountId: string, fault: TransferFault): void;
}

export async function createPayoutTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<PayoutTestApp> {
  const faults = new Map<string, TransferFault>();
  let payments: LocalPaymentProvider | undefined;
  const t = await createTestApp(env, {
    ...options,
    payments: (database) => {
      const local = createLocalPaymentProvider({ db: database.db, webhookSecret: LOCAL_WEBHOOK_SECRET });
      payments = {
        ...local,
        async transfer(input: TransferInput): Promise<Transfer> {
          const fault = faults.get(input.accountId);
          faults.delete(input.accountId);
          if (fault instanceof Error) throw fault;
          const sent = await local.transfer(input);
          // The money went; the process "died" before it heard back (our write never happens).
          if (fault === 'crash-after-sending') throw new Error('connection reset after the transfer was made');
          if (typeof fault === 'function') await fault();
          return sent;
        },
      };
      return payments;
    },
  });
  return { ...t, payments: payments!, failTransferTo: (accountId, fault) => void faults.set(accountId, fault) };
}

/**
 * A paid subscription-year written as billing writes it (paidTermRows: the charge, the artist's 500 credit
 * payable from the 22nd of the next month, the fee), for a subscription of its own, paid at `paidAt`.
 */
export async function earn(
  t: TestApp,
  artistId: string,
  paidAt: Date,
  options: { termNumber?: number; subscriptionId?: string } = {},
): Promise<{ subscriptionId: string; chargeId: string }> {
  const subscriptionId = options.subscriptionId ?? crypto.randomUUID();
  const chargeId = `ch_test_${crypto.randomBytes(8).toString('hex')}`;
  await insertLedgerRows(
    t.app.ctx.db,
    paidTermRows(
      { id: subscriptionId, memberId: crypto.randomUUID(), artistId },
      {
        termNumber: options.termNumber ?? 1,
        provider: 'local',
        chargeId,
        amountCents: 999,
        paidAt,
        feeCents: 59,
      },
    ),
  );
  return { subscriptionId, chargeId };
}

export const TEST_BANK_ACCOUNT = {
  accountHolder: 'The Test Band',
  routingNumber: '110000000',
  accountNumber: '000123456789',
} as const;

export const TEST_W9 = {
  form: 'W-9',
  name: 'Ada Lovelace',
  businessName: 'The Test Band LLC',
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

export const TEST_W8BEN = {
  form: 'W-8BEN',
  name: 'Björk Guðmundsdóttir',
  citizenship: 'IS',
  address: 'Laugavegur 1',
  city: 'Reykjavík',
  postalCode: '101',
  country: 'IS',
  foreignTin: '0101302989',
  noForeignTinReason: '',
  dateOfBirth: '11/21/1965',
  certify: true,
  signature: 'Björk Guðmundsdóttir',
} as const;

/** An ACTIVE artist signed in. */
export async function artistWithCookie(t: TestApp, overrides: Parameters<typeof createArtist>[1] = {}) {
  const artist = await createArtist(t.app, { artist: { status: 'ACTIVE' }, ...overrides });
  return { artist, cookie: await signIn(t.app, artist) };
}

/** The artist's payout account made through the API, as the studio's "Set up payouts" does. */
export async function createPayoutAccount(t: TestApp, cookie: string, body: object = {}) {
  const res = await injectAs(t, cookie, {
    method: 'POST',
    url: '/api/artists/create-connect-account',
    payload: body,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A fresh onboarding link's id, through the API. */
export async function onboardingLinkId(t: TestApp, cookie: string, artistId: string): Promise<string> {
  const res = await injectAs(t, cookie, {
    method: 'POST',
    url: `/api/artists/create-account-link/${artistId}`,
  });
  if (res.statusCode !== 200) throw new Error(`link: ${res.statusCode} ${res.body}`);
  return (res.json().url as string).split('/').pop()!;
}

/** The onboarding page's submission, through its API. */
export async function submitOnboarding(t: TestApp, linkId: string, body: LocalOnboardingBody) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/local/connect/onboarding/${linkId}`,
    payload: body,
  });
}

/**
 * The artist's account made and onboarded: a bank account and, unless `taxForm` is false, a W-9. Through the
 * provider directly when no cookie is at hand (the payout tests care about the run, not the page).
 */
export async function onboardArtist(
  t: PayoutTestApp,
  artist: TestArtist,
  cookie: string,
  options: { taxForm?: boolean } = {},
): Promise<void> {
  await createPayoutAccount(t, cookie);
  const linkId = await onboardingLinkId(t, cookie, artist.artistId);
  const body = localOnboardingBody.parse({
    bankAccount: TEST_BANK_ACCOUNT,
    ...(options.taxForm === false ? {} : { taxForm: TEST_W9 }),
  });
  if (!(await t.payments.completeOnboarding(linkId, body))) throw new Error('onboarding link unusable');
}

/** The artist's ledger rows of a kind. */
export const ledgerOfArtist = (t: TestApp, artistId: string) =>
  t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.artistId, artistId));

export const payoutsOfArtist = (t: TestApp, artistId: string) =>
  t.app.ctx.db.select().from(payouts).where(eq(payouts.artistId, artistId)).orderBy(payouts.period);

export const allTransfers = (t: TestApp) => t.app.ctx.db.select().from(localTransfers);

/** 'YYYY-MM-DD' at 00:00 UTC plus hours. */
export const utc = (day: string, hours = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) + hours * 3600_000);
