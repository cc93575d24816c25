import crypto from 'node:crypto';
import type { LocalPaymentProvider } from '../../platform/payments/local/local-provider.js';
import { everyone, signedInOnly, type MatrixRow, type MatrixWorld } from '../permission-matrix.js';

const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  cardName: 'Matrix Fan',
  postalCode: '10001',
};

/** A delivery of an event of a type billing does not apply, signed by the local provider (or not at all). */
function webhook(w: MatrixWorld, provider: string, signed: boolean) {
  const { body, signature } = (w.t.app.ctx.platform.payments as LocalPaymentProvider).signEvent({
    id: `evt_local_${crypto.randomUUID()}`,
    createdAt: new Date(),
    type: 'other',
    providerType: 'matrix.test',
  });
  return {
    method: 'POST' as const,
    url: `/api/payments/webhooks/${provider}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...(signed ? { 'hfm-local-signature': signature } : {}) },
  };
}

export const paymentsRows: MatrixRow[] = [
  {
    route: 'GET /api/payments/config',
    case: 'which card form to use: anyone may ask',
    request: () => ({ method: 'GET', url: '/api/payments/config' }),
    expected: everyone(200),
  },
  {
    route: 'POST /api/payments/local/payment-methods',
    case: 'a good card: any signed-in user gets a token (it is nobody’s until attached)',
    request: () => ({ method: 'POST', url: '/api/payments/local/payment-methods', payload: card }),
    expected: signedInOnly(201),
  },
  {
    route: 'POST /api/payments/local/payment-methods',
    case: 'an empty body: access is decided before validation',
    request: () => ({ method: 'POST', url: '/api/payments/local/payment-methods', payload: {} }),
    expected: signedInOnly(400),
  },
  {
    route: 'POST /api/payments/webhooks/:provider',
    case: 'a signed event: taken from anyone (the signature is the credential, not a session)',
    request: (w) => webhook(w, 'local', true),
    expected: everyone(200),
  },
  {
    route: 'POST /api/payments/webhooks/:provider',
    case: 'no signature: refused for everyone, signed in or not',
    request: (w) => webhook(w, 'local', false),
    expected: everyone(400),
  },
  {
    route: 'POST /api/payments/webhooks/:provider',
    case: 'a provider that is not configured',
    request: (w) => webhook(w, 'stripe', true),
    expected: everyone(404),
  },
];
