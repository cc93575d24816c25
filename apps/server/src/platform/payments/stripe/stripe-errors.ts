/**
 * Stripe's errors in the interface's words (docs/payments.md, "The Stripe adapter"): a card error is a
 * PaymentDeclinedError with Stripe's own message, fit to show the fan; the refusals that are our bug or a race
 * are PaymentRequestErrors; anything else (network, authentication, Stripe's 500s) passes through unchanged.
 */
import Stripe from 'stripe';
import {
  DECLINE_CODES,
  PaymentDeclinedError,
  PaymentRequestError,
  type DeclineCode,
  type PaymentRequestErrorCode,
} from '../provider.js';

const isDeclineCode = (code: string | undefined): code is DeclineCode =>
  code !== undefined && (DECLINE_CODES as readonly string[]).includes(code);

/** `decline_code` when it is one of ours (insufficient_funds, expired_card, ...), else `code`, else card_declined. */
export function declineCodeOf(error: { code?: string; decline_code?: string }): DeclineCode {
  if (isDeclineCode(error.decline_code)) return error.decline_code;
  if (isDeclineCode(error.code)) return error.code;
  return 'card_declined';
}

/** What a Stripe `code` on an invalid request means for us; `during` tells a refund's amounts from a charge's. */
function requestCodeOf(code: string | undefined, during: 'refund' | 'other'): PaymentRequestErrorCode | null {
  switch (code) {
    case 'resource_missing':
    case 'account_invalid':
      return 'resource_missing';
    case 'insufficient_capabilities_for_transfer':
      return 'payouts_not_enabled';
    case 'balance_insufficient':
      return 'balance_insufficient';
    case 'charge_already_refunded':
      return 'charge_already_refunded';
    case 'amount_too_large':
      return during === 'refund' ? 'refund_exceeds_charge' : 'invalid_amount';
    case 'amount_too_small':
    case 'invalid_charge_amount':
    case 'parameter_invalid_integer':
      return 'invalid_amount';
    default:
      return null;
  }
}

/** The typed error for a failed Stripe call (or the error itself when it is none of ours). */
export function fromStripeError(error: unknown, during: 'refund' | 'other' = 'other'): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentDeclinedError(declineCodeOf(error), error.message, error.payment_intent?.id ?? null);
  }
  // An account we may not see, or that does not exist, is a permission error at Stripe ("does not have access
  // to account ... (or that account does not exist)"), code account_invalid.
  if (error instanceof Stripe.errors.StripePermissionError && error.code === 'account_invalid') {
    return new PaymentRequestError('resource_missing', error.message);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentRequestError('idempotency_key_reused', error.message);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const code = requestCodeOf(error.code, during);
    if (code) return new PaymentRequestError(code, error.message);
    // Stripe names no code for a refund above what is left of the payment ("Refund amount ($10.00) is greater
    // than unrefunded amount on charge ($9.99)"), only the parameter; the adapter has checked the amount is a
    // whole positive number, so that is what an amount refusal means.
    if (during === 'refund' && !error.code && error.param === 'amount') {
      return new PaymentRequestError('refund_exceeds_charge', error.message);
    }
  }
  return error;
}

/** Runs a Stripe call, throwing our typed errors in place of Stripe's. */
export async function stripeCall<T>(call: () => Promise<T>, during: 'refund' | 'other' = 'other'): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fromStripeError(error, during);
  }
}
