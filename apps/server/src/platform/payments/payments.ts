import crypto from 'node:crypto';
import type { PaymentsConfig } from '../../config.js';
import type { Database } from '../db/client.js';
import { createLocalPaymentProvider } from './local/local-provider.js';
import type { PaymentProvider } from './provider.js';

/** The local provider's webhook key: derived from SIGNING_SECRET, so processes that share it agree. */
export function localWebhookSecret(signingSecret: string): string {
  return crypto.createHmac('sha256', signingSecret).update('hfm/payments/local/webhooks').digest('hex');
}

/**
 * The configured provider. Stripe's adapter (and the SDK) is loaded only when configured, so the local start does
 * not load Stripe; its keys were checked by loadConfig (a missing one stops the start, naming it).
 */
export async function createPaymentProvider(
  config: PaymentsConfig,
  db: Database,
  signingSecret: string,
  publicUrl: string,
): Promise<PaymentProvider> {
  if (config.provider === 'local') {
    return createLocalPaymentProvider({ db, webhookSecret: localWebhookSecret(signingSecret), publicUrl });
  }
  const { createStripePaymentProvider } = await import('./stripe/stripe-provider.js');
  return createStripePaymentProvider({ secretKey: config.secretKey, webhookSecret: config.webhookSecret });
}
