/**
 * Stripe's webhook events in our words (docs/payments.md, the mapping table). The event's object is rendered at
 * the webhook endpoint's API version, which must be the adapter's (`STRIPE_API_VERSION`): the invoice's
 * subscription is `parent.subscription_details`, its payments are InvoicePayments, and a subscription's term is
 * on its item.
 */
import type Stripe from 'stripe';
import type { DeclineCode, Metadata, ProviderEvent } from '../provider.js';
import { declineCodeOf } from './stripe-errors.js';
import { toPayoutAccount } from './stripe-accounts.js';

/** What mapping an invoice event needs from Stripe beyond the event's own body. */
export interface InvoicePaymentLookup {
  /** The PaymentIntent that paid (or last tried to pay) the invoice, or null when it has none. */
  paymentIntentOf(invoice: Stripe.Invoice): Promise<Stripe.PaymentIntent | string | null>;
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const metadataOf = (value: Stripe.Metadata | null | undefined): Metadata => ({ ...(value ?? {}) });

function subscriptionOfInvoice(invoice: Stripe.Invoice): { subscriptionId: string | null; metadata: Metadata } {
  const details = invoice.parent?.subscription_details;
  return { subscriptionId: idOf(details?.subscription), metadata: metadataOf(details?.metadata) };
}

/** The term an invoice pays: its subscription line's period (the invoice's own period is the one before). */
function termOfInvoice(invoice: Stripe.Invoice): { start: Date; end: Date } {
  const line =
    invoice.lines.data.find((item) => item.parent?.type === 'subscription_item_details') ?? invoice.lines.data[0];
  const period = line?.period ?? { start: invoice.period_start, end: invoice.period_end };
  return { start: new Date(period.start * 1000), end: new Date(period.end * 1000) };
}

function failureOf(intent: Stripe.PaymentIntent | string | null): { code: DeclineCode; message: string } {
  const last = intent && typeof intent !== 'string' ? intent.last_payment_error : null;
  return {
    code: last ? declineCodeOf({ code: last.code, decline_code: last.decline_code }) : 'card_declined',
    message: last?.message ?? 'Your card was declined.',
  };
}

export async function toProviderEvent(event: Stripe.Event, lookup: InvoicePaymentLookup): Promise<ProviderEvent> {
  const base = { id: event.id, createdAt: new Date(event.created * 1000) };
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        ...base,
        type: 'charge.succeeded',
        chargeId: intent.id,
        customerId: idOf(intent.customer) ?? '',
        amountCents: intent.amount_received || intent.amount,
        metadata: metadataOf(intent.metadata),
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        ...base,
        type: 'charge.failed',
        chargeId: intent.id,
        customerId: idOf(intent.customer) ?? '',
        amountCents: intent.amount,
        ...failureOf(intent),
        metadata: metadataOf(intent.metadata),
      };
    }
    case 'refund.created':
    case 'refund.updated': {
      const refund = event.data.object;
      const chargeId = idOf(refund.payment_intent) ?? idOf(refund.charge);
      if (refund.status !== 'succeeded' || !chargeId) break;
      return {
        ...base,
        type: 'charge.refunded',
        chargeId,
        refundId: refund.id,
        amountCents: refund.amount,
        metadata: metadataOf(refund.metadata),
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const chargeId = idOf(dispute.payment_intent) ?? idOf(dispute.charge);
      if (!chargeId) break;
      return { ...base, type: 'charge.disputed', chargeId, disputeId: dispute.id, amountCents: dispute.amount };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const { subscriptionId, metadata } = subscriptionOfInvoice(invoice);
      const chargeId = idOf(await lookup.paymentIntentOf(invoice));
      if (!subscriptionId || !chargeId) break;
      const term = termOfInvoice(invoice);
      return {
        ...base,
        type: 'subscription.paid',
        subscriptionId,
        chargeId,
        amountCents: invoice.amount_paid,
        currentPeriodStart: term.start,
        currentPeriodEnd: term.end,
        metadata,
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const { subscriptionId, metadata } = subscriptionOfInvoice(invoice);
      if (!subscriptionId) break;
      return {
        ...base,
        type: 'subscription.payment_failed',
        subscriptionId,
        amountCents: invoice.amount_due,
        ...failureOf(await lookup.paymentIntentOf(invoice)),
        metadata,
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        type: 'subscription.ended',
        subscriptionId: subscription.id,
        metadata: metadataOf(subscription.metadata),
      };
    }
    case 'account.updated': {
      const account = event.data.object;
      return {
        ...base,
        type: 'payout_account.updated',
        account: toPayoutAccount(account),
        metadata: metadataOf(account.metadata),
      };
    }
    case 'payment_method.detached':
      return { ...base, type: 'payment_method.detached', paymentMethodId: event.data.object.id };
    default:
      break;
  }
  return { ...base, type: 'other', providerType: event.type };
}
