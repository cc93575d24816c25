import crypto from 'node:crypto';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, providerEvents } from '../../platform/db/schema/billing.js';
import { createStripePaymentProvider, STRIPE_API_VERSION } from '../../platform/payments/stripe/stripe-provider.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const WEBHOOK_SECRET = 'whsec_route_test';
let t: TestApp;

// Refund events need no call to Stripe: the adapter's parseWebhook verifies and maps them on its own.
beforeAll(async () => {
  t = await createTestApp(
    {},
    { payments: () => createStripePaymentProvider({ secretKey: 'sk_test_route', webhookSecret: WEBHOOK_SECRET }) },
  );
});
afterAll(async () => t.close());

function refundEvent(refundId: string, paymentIntent: string) {
  return JSON.stringify({
    id: `evt_${crypto.randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type: 'refund.created',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: { id: refundId, object: 'refund', amount: 999, status: 'succeeded', payment_intent: paymentIntent },
    },
  });
}
const deliver = (body: string, signature: string, provider = 'stripe') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${provider}`,
    payload: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

describe('POST /api/payments/webhooks/stripe, through the Stripe adapter', () => {
  it('applies a refund.created signed with the SDK once; the local route is a 404; another secret a 400', async () => {
    const memberId = crypto.randomUUID();
    const subscriptionId = crypto.randomUUID();
    await t.app.ctx.db.insert(ledgerEntries).values({
      kind: 'charge',
      amountCents: 999,
      memberId,
      subscriptionId,
      termNumber: 1,
      provider: 'stripe',
      providerChargeId: 'pi_route_1',
      description: 'Subscription, year 1',
    });
    const body = refundEvent('re_route_1', 'pi_route_1');
    expect((await deliver(body, sign(body), 'local')).statusCode).toBe(404);
    expect((await deliver(body, sign(body, 'whsec_other'))).statusCode).toBe(400);
    expect(await t.app.ctx.db.select().from(providerEvents)).toHaveLength(0);

    expect((await deliver(body, sign(body))).statusCode).toBe(200);
    expect((await deliver(body, sign(body))).statusCode).toBe(200);
    const refunds = await t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund'));
    expect(refunds).toMatchObject([{ amountCents: -999, memberId, subscriptionId, providerRefId: 're_route_1' }]);
  });
});
