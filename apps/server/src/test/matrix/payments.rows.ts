import { everyone, signedInOnly, type MatrixRow } from '../permission-matrix.js';

const card = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  cardName: 'Matrix Fan',
  postalCode: '10001',
};

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
];
