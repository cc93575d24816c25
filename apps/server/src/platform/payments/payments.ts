import crypto from 'node:crypto';
import type { PaymentsConfig } from '../../config.js';
import type { Database } from '../db/client.js';
import { createLocalPaymentProvider } from './local/local-provider.js';
import type { PaymentProvider } from './provider.js';

/** The local provider's webhook key: derived from SIGNING_SECRET, so processes that share it agree. */
export function localWebhookSecret(signingSecret: string): string {
  return crypto.createHmac('sha256', signingSecret).update('hfm/payments/local/webhooks').digest('hex');
}

/** The configured provider. Stripe's adapter is the next phase's (docs/payments.md). */
export async function createPaymentProvider(
  config: PaymentsConfig,
  db: Database,
  signingSecret: string,
): Promise<PaymentProvider> {
  if (config.provider === 'local') {
    return createLocalPaymentProvider({ db, webhookSecret: localWebhookSecret(signingSecret) });
  }
  throw new Error(
    'PAYMENTS_PROVIDER=stripe: the Stripe adapter is not part of this build yet; use PAYMENTS_PROVIDER=local (docs/payments.md).',
  );
}
