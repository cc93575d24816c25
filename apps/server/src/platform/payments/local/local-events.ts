/**
 * The local provider's webhook bodies: our ProviderEvent as JSON (dates as ISO strings), so parsing is a
 * zod check and nothing else. Stripe's bodies are Stripe's events, mapped by its adapter.
 */
import { z } from 'zod';
import { DECLINE_CODES, TAX_FORMS, type ProviderEvent } from '../provider.js';

const date = z.iso.datetime().transform((value) => new Date(value));
const cents = z.number().int();
const metadata = z.record(z.string(), z.string());
const base = { id: z.string().min(1), createdAt: date };
const decline = { code: z.enum(DECLINE_CODES), message: z.string() };

const localEvent = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('charge.succeeded'),
    chargeId: z.string(),
    customerId: z.string(),
    amountCents: cents,
    metadata,
  }),
  z.object({
    ...base,
    type: z.literal('charge.failed'),
    chargeId: z.string().nullable(),
    customerId: z.string(),
    amountCents: cents,
    ...decline,
    metadata,
  }),
  z.object({
    ...base,
    type: z.literal('charge.refunded'),
    chargeId: z.string(),
    refundId: z.string(),
    amountCents: cents,
    metadata,
  }),
  z.object({
    ...base,
    type: z.literal('charge.disputed'),
    chargeId: z.string(),
    disputeId: z.string(),
    amountCents: cents,
  }),
  z.object({
    ...base,
    type: z.literal('subscription.paid'),
    subscriptionId: z.string(),
    chargeId: z.string(),
    amountCents: cents,
    currentPeriodStart: date,
    currentPeriodEnd: date,
    metadata,
  }),
  z.object({
    ...base,
    type: z.literal('subscription.payment_failed'),
    subscriptionId: z.string(),
    amountCents: cents,
    ...decline,
    metadata,
  }),
  z.object({ ...base, type: z.literal('subscription.ended'), subscriptionId: z.string(), metadata }),
  z.object({ ...base, type: z.literal('payment_method.detached'), paymentMethodId: z.string() }),
  z.object({
    ...base,
    type: z.literal('payout_account.updated'),
    account: z.object({
      accountId: z.string(),
      detailsSubmitted: z.boolean(),
      payoutsEnabled: z.boolean(),
      taxForm: z.enum(TAX_FORMS).nullable(),
      bankLast4: z.string().nullable(),
      requirements: z.array(z.string()),
    }),
    metadata,
  }),
  z.object({ ...base, type: z.literal('other'), providerType: z.string() }),
]);

/** The event as the local provider sends it (JSON.stringify writes dates as ISO strings). */
export function serializeLocalEvent(event: ProviderEvent): string {
  return JSON.stringify(event);
}

/** A signed body that is not one of our events is refused like a bad signature: it did not come from us. */
export function parseLocalEvent(body: string): ProviderEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = localEvent.safeParse(json);
  return parsed.success ? parsed.data : null;
}
