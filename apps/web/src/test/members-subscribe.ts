import type { PublicSubscription, SavedCard } from '@hfm/shared';
import { error, type RecordedRequest, type StubReply, type StubRoute } from './test-utils';
import { ARTIST_ID, artistCard, artistPage, member, MEMBER_ID } from './members';

/** Test-only: a member's billing as the server answers it, and routes that change with what the member does. */

export function savedCard(change: Partial<SavedCard> & { id: string; last4: string }): SavedCard {
  return {
    paymentMethodID: `pm_${change.last4}`,
    brand: 'visa',
    expMonth: 12,
    expYear: 2030,
    cardName: 'Sam Cooke',
    postalCode: '10001',
    createdAt: '2025-05-01T00:00:00.000Z',
    ...change,
    _id: change.id,
  };
}

export function subscription(change: Partial<PublicSubscription> & { id: string }): PublicSubscription {
  return {
    memberID: MEMBER_ID,
    artistID: ARTIST_ID,
    artistName: 'Nina Simone',
    paymentMethodID: 'pm_4242',
    status: 'active',
    priceCents: 999,
    currentPeriodStart: '2026-01-10T12:00:00.000Z',
    currentPeriodEnd: '2027-01-10T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    renewsAt: '2027-01-10T12:00:00.000Z',
    createdAt: '2026-01-10T12:00:00.000Z',
    ...change,
    _id: change.id,
  };
}

export const relatedArtists = [
  artistCard({ id: '00000000-0000-4000-8000-0000000000b1', name: 'Etta James', slug: 'etta-james' }),
  artistCard({ id: '00000000-0000-4000-8000-0000000000b2', name: 'Aretha Franklin', slug: 'aretha-franklin' }),
];

export const DECLINED = error(402, 'PAYMENT_DECLINED', 'Your card was declined.');

/**
 * A member's world for the subscribe modal: the session and artist page say subscribed once the subscribe
 * call succeeded; `subscribeReply` decides how that call answers (a success by default).
 */
export function subscribeWorld(
  options: {
    cards?: SavedCard[];
    provider?: 'local' | 'stripe';
    attachReply?: StubReply;
    subscribeReply?: (request: RecordedRequest) => StubReply | Promise<StubReply>;
  } = {},
) {
  let subscribed = false;
  const cards = [...(options.cards ?? [])];
  const succeed = (request: RecordedRequest): StubReply => {
    const body = request.body as { paymentMethodID: string };
    subscribed = true;
    return {
      status: 201,
      body: { subscription: subscription({ id: 'sub-1', paymentMethodID: body.paymentMethodID }), relatedArtists },
    };
  };
  const routes: StubRoute[] = [
    {
      method: 'GET',
      path: '/api/auth/session',
      reply: () => ({ body: { user: member({ subscribedTo: subscribed ? [{ artistID: ARTIST_ID }] : [] }) } }),
    },
    {
      method: 'GET',
      path: '/api/artist-pages/nina-simone',
      reply: () => ({ body: { ...artistPage, offer: { ...artistPage.offer, subscribed } } }),
    },
    {
      method: 'GET',
      path: '/api/payments/config',
      reply: {
        body:
          options.provider === 'stripe'
            ? { provider: 'stripe', publishableKey: 'pk_test_hfm' }
            : { provider: 'local', publishableKey: null },
      },
    },
    { method: 'GET', path: `/api/subscriptions/card-list/${MEMBER_ID}`, reply: () => ({ body: cards }) },
    {
      method: 'POST',
      path: '/api/payments/local/payment-methods',
      reply: { status: 201, body: { paymentMethodID: 'pm_new', brand: 'visa', last4: '4242' } },
    },
    {
      method: 'POST',
      path: `/api/subscriptions/attach-payment-method/${MEMBER_ID}`,
      reply: () => {
        if (options.attachReply) return options.attachReply;
        const card = savedCard({ id: 'card-new', last4: '4242', paymentMethodID: 'pm_new' });
        cards.push(card);
        return { status: 201, body: card };
      },
    },
    {
      method: 'POST',
      path: '/api/subscriptions',
      reply: (request) => (options.subscribeReply ? options.subscribeReply(request) : succeed(request)),
    },
  ];
  return { routes, succeed, isSubscribed: () => subscribed };
}
