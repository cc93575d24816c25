import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SavedCard } from '@hfm/shared';
import { createLocalPaymentProvider, type LocalPaymentProvider } from '../platform/payments/local/local-provider.js';
import { TEST_CARDS, type TestCard } from '../platform/payments/test-cards.js';
import { subscriptions } from '../platform/db/schema/billing.js';
import { createUser, signIn } from './factories.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { injectAs } from './route-cast.js';

export const LOCAL_WEBHOOK_SECRET = 'billing-test-webhook-secret';

/** A test app whose local provider runs on a clock the test moves (`clock.advance`), never sleeping. */
export interface BillingTestApp extends TestApp {
  payments: LocalPaymentProvider;
  clock: { now(): Date; advance(ms: number): void; set(date: Date): void };
}

export async function createBillingTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<BillingTestApp> {
  // Real time plus an offset the test moves.
  let offset = 0;
  const clock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
    set: (date: Date) => {
      offset = date.getTime() - Date.now();
    },
  };
  let payments: LocalPaymentProvider | undefined;
  const t = await createTestApp(env, {
    ...options,
    payments: (database) => {
      payments = createLocalPaymentProvider({ db: database.db, webhookSecret: LOCAL_WEBHOOK_SECRET, now: clock.now });
      return payments;
    },
  });
  return { ...t, payments: payments!, clock };
}

export const testCard = (which: TestCard = 'succeeds') => ({
  number: TEST_CARDS[which],
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
  cardName: 'Ada Lovelace',
  postalCode: '10001',
});

/** Tokenises a test card through the local card route, as the web form does; answers the token. */
export async function tokenize(app: FastifyInstance, cookie: string, which: TestCard = 'succeeds'): Promise<string> {
  const res = await injectAs({ app }, cookie, {
    method: 'POST',
    url: '/api/payments/local/payment-methods',
    payload: testCard(which),
  });
  if (res.statusCode !== 201) throw new Error(`tokenize failed: ${res.statusCode} ${res.body}`);
  return res.json().paymentMethodID;
}

/** Tokenises and attaches a card for the member (signed in as them); answers the saved card. */
export async function saveTestCard(
  app: FastifyInstance,
  cookie: string,
  memberId: string,
  which: TestCard = 'succeeds',
): Promise<SavedCard> {
  const paymentMethodID = await tokenize(app, cookie, which);
  const res = await injectAs({ app }, cookie, {
    method: 'POST',
    url: `/api/subscriptions/attach-payment-method/${memberId}`,
    payload: { paymentMethodID },
  });
  if (res.statusCode !== 201) throw new Error(`attach failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A signed-in fan with a saved 4242 card, subscribed to the artist through the API (the first year paid). */
export async function subscribeTestFan(t: BillingTestApp, artistId: string) {
  const user = await createUser(t.app);
  const cookie = await signIn(t.app, user);
  const card = await saveTestCard(t.app, cookie, user.id);
  const res = await injectAs(t, cookie, {
    method: 'POST',
    url: '/api/subscriptions',
    payload: { memberID: user.id, paymentMethodID: card.paymentMethodID, artistID: artistId },
  });
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
  const subscriptionId: string = res.json().subscription.id;
  const [row] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return { user, cookie, card, subscriptionId, providerSubscriptionId: row!.providerSubscriptionId! };
}

/** The member's subscription pays later terms with a card of this kind from now on (saved, then set at the provider). */
export async function switchSubscriptionCard(
  t: BillingTestApp,
  fan: { user: { id: string }; cookie: string; providerSubscriptionId: string },
  which: TestCard,
): Promise<void> {
  const card = await saveTestCard(t.app, fan.cookie, fan.user.id, which);
  await t.payments.setSubscriptionPaymentMethod({
    subscriptionId: fan.providerSubscriptionId,
    paymentMethodId: card.paymentMethodID,
  });
}
