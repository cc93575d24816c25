import { cardMessages, type PaymentReceipt, type PublicSubscription, type SavedCard } from '@hfm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, type StubReply, type StubRoute } from '../../test/test-utils';
import { STRIPE_LOADING } from '../../components/stripe-card-entry';
import { BillingSections } from './billing-sections';
import { CARD_REMOVED, CARD_SAVED } from './saved-cards-section';
import { formatTermDate } from './subscriptions-section';

const MEMBER = '00000000-0000-4000-8000-0000000000f1';
const CARDS_PATH = `/api/subscriptions/card-list/${MEMBER}`;
const RENEWING_CARD = 'This card pays for a subscription that renews. Cancel the subscription first, or keep the card.';

function card(id: string, last4: string, change: Partial<SavedCard> = {}): SavedCard {
  return {
    _id: id,
    id,
    paymentMethodID: `pm_${last4}`,
    brand: 'visa',
    last4,
    expMonth: 4,
    expYear: 2031,
    cardName: 'Sam Cooke',
    postalCode: '10001',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}

function subscription(id: string, change: Partial<PublicSubscription> = {}): PublicSubscription {
  return {
    _id: id,
    id,
    memberID: MEMBER,
    artistID: '00000000-0000-4000-8000-0000000000a1',
    artistName: 'Nina Simone',
    paymentMethodID: 'pm_4242',
    status: 'active',
    priceCents: 999,
    currentPeriodStart: '2026-03-10T12:00:00.000Z',
    currentPeriodEnd: '2027-03-10T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    renewsAt: '2027-03-10T12:00:00.000Z',
    createdAt: '2026-03-10T12:00:00.000Z',
    ...change,
  };
}

function receipt(id: string, number: number, change: Partial<PaymentReceipt> = {}): PaymentReceipt {
  return {
    id,
    number: `HFM-2026-${String(number).padStart(6, '0')}`,
    kind: 'charge',
    amountCents: 999,
    currency: 'usd',
    cardBrand: 'visa',
    cardLast4: '4242',
    subscriptionID: 's1',
    artistID: '00000000-0000-4000-8000-0000000000a1',
    artistName: 'Nina Simone',
    termNumber: 1,
    periodStart: '2026-03-10T12:00:00.000Z',
    periodEnd: '2027-03-10T12:00:00.000Z',
    failureReason: null,
    retryAt: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    ...change,
  };
}

/** The member's billing as the server keeps it: the routes answer what the calls before them changed. */
function billingWorld(
  start: {
    cards?: SavedCard[];
    subscriptions?: PublicSubscription[];
    receipts?: PaymentReceipt[];
    attach?: StubReply;
    remove?: StubReply;
    stripe?: boolean;
  } = {},
) {
  let cards = [...(start.cards ?? [])];
  let subscriptions = [...(start.subscriptions ?? [])];
  const routes: StubRoute[] = [
    {
      method: 'GET',
      path: '/api/payments/config',
      reply: {
        body: start.stripe
          ? { provider: 'stripe', publishableKey: 'pk_test_hfm' }
          : { provider: 'local', publishableKey: null },
      },
    },
    { method: 'GET', path: CARDS_PATH, reply: () => ({ body: cards }) },
    { method: 'GET', path: `/api/subscriptions/member/${MEMBER}`, reply: () => ({ body: subscriptions }) },
    {
      method: 'POST',
      path: '/api/payments/local/payment-methods',
      reply: { status: 201, body: { paymentMethodID: 'pm_5556', brand: 'visa', last4: '5556' } },
    },
    {
      method: 'POST',
      path: `/api/subscriptions/attach-payment-method/${MEMBER}`,
      reply: () => {
        if (start.attach) return start.attach;
        const saved = card('card-new', '5556', { expMonth: 12, expYear: 2030 });
        cards = [...cards, saved];
        return { status: 201, body: saved };
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/subscriptions\/payment-methods\//,
      reply: (request) => {
        if (start.remove) return start.remove;
        const id = request.path.split('/').pop()!;
        cards = cards.filter((saved) => saved.id !== id);
        return { body: { id, deleted: true } };
      },
    },
    {
      method: 'GET',
      path: new RegExp(`^/api/subscriptions/payments/${MEMBER}\\?`),
      reply: (request) => {
        const all = start.receipts ?? [];
        const query = new URLSearchParams(request.path.split('?')[1]);
        const page = Number(query.get('page') ?? 1);
        const limit = Number(query.get('limit') ?? 10);
        const pageCount = Math.max(1, Math.ceil(all.length / limit));
        return {
          body: {
            items: all.slice((page - 1) * limit, page * limit),
            pagination: { page, limit, total: all.length, pageCount, hasMore: page < pageCount },
          },
        };
      },
    },
    {
      method: 'POST',
      path: /^\/api\/subscriptions\/[\w-]+\/resume$/,
      reply: (request) => {
        const id = request.path.split('/')[3];
        subscriptions = subscriptions.map((one) =>
          one.id === id ? { ...one, cancelAtPeriodEnd: false, renewsAt: one.currentPeriodEnd } : one,
        );
        return { body: subscriptions.find((one) => one.id === id) };
      },
    },
    {
      method: 'POST',
      path: /^\/api\/subscriptions\/[\w-]+\/cancel$/,
      reply: (request) => {
        const id = request.path.split('/')[3];
        subscriptions = subscriptions.map((one) =>
          one.id === id ? { ...one, cancelAtPeriodEnd: true, renewsAt: null } : one,
        );
        return { body: subscriptions.find((one) => one.id === id) };
      },
    },
  ];
  return routes;
}

function renderBilling() {
  return renderWithClient(
    <MemoryRouter>
      <BillingSections memberId={MEMBER} />
      <Toaster />
    </MemoryRouter>,
  );
}

const cardsSection = () => screen.getByRole('region', { name: 'Saved cards' });
const subscriptionsSection = () => screen.getByRole('region', { name: 'Subscriptions' });

async function fillCard(user: UserEvent, form: HTMLElement) {
  await user.type(within(form).getByLabelText('Card number'), '4000 0566 5566 5556');
  await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/30');
  await user.type(within(form).getByLabelText('CVC'), '123');
  await user.type(within(form).getByLabelText('Name on card'), 'Sam Cooke');
  await user.type(within(form).getByLabelText('ZIP code'), '10001-1234');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Account page: Saved cards', () => {
  it('lists brand, last four and expiry of each card, or says there are none', async () => {
    stubFetch(billingWorld({ cards: [card('c1', '4242'), card('c2', '4444', { brand: 'mastercard', expMonth: 11 })] }));
    renderBilling();
    const list = await within(cardsSection()).findByRole('list', { name: 'Your saved cards' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/Visa ending in 4242.*Expires 04\/31/),
      expect.stringMatching(/Mastercard ending in 4444.*Expires 11\/31/),
    ]);
  });

  it('says so when there is no card', async () => {
    stubFetch(billingWorld());
    renderBilling();
    expect(await within(cardsSection()).findByText(/No saved cards yet/)).toBeInTheDocument();
  });

  it('adds a card: checked on blur, the number sent only to the tokeniser, then the list shows it', async () => {
    const calls = stubFetch(billingWorld());
    const user = userEvent.setup();
    renderBilling();
    await user.click(await within(cardsSection()).findByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    await user.type(within(form).getByLabelText('ZIP code'), '1234');
    await user.tab();
    expect(await within(form).findByText(cardMessages.postalCode)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('ZIP code'));
    await fillCard(user, form);
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(CARD_SAVED)).toBeInTheDocument();
    expect(await within(cardsSection()).findByText('Visa ending in 5556')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a card' })).not.toBeInTheDocument();
    const attach = calls.find((call) => call.path.startsWith('/api/subscriptions/attach-payment-method/'));
    expect(attach?.body).toEqual({ paymentMethodID: 'pm_5556', cardName: 'Sam Cooke', postalCode: '10001-1234' });
  });

  it("with Stripe, adding a card shows Stripe's card field (loading here), our name and ZIP fields, no number field of ours", async () => {
    const calls = stubFetch(billingWorld({ stripe: true }));
    const user = userEvent.setup();
    renderBilling();
    await user.click(await within(cardsSection()).findByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    expect(await within(form).findByText(STRIPE_LOADING)).toBeInTheDocument();
    expect(within(form).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name on card'), 'Sam Cooke');
    await user.type(within(form).getByLabelText('ZIP code'), '10001');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(STRIPE_LOADING);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("a card the issuer refuses: the provider's message, and the form stays", async () => {
    stubFetch(billingWorld({ attach: error(402, 'PAYMENT_DECLINED', 'Your card has insufficient funds.') }));
    const user = userEvent.setup();
    renderBilling();
    await user.click(await within(cardsSection()).findByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    await fillCard(user, form);
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(within(form).getByLabelText('Name on card')).toHaveValue('Sam Cooke');
  });

  it('removes a card after Confirm; Cancel keeps it', async () => {
    const calls = stubFetch(billingWorld({ cards: [card('c1', '4242')] }));
    const user = userEvent.setup();
    renderBilling();
    const remove = await within(cardsSection()).findByRole('button', {
      name: 'Remove Visa ending in 4242, expires 04/31',
    });
    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(remove);
    expect(screen.getByRole('alertdialog', { name: 'Remove this card?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(CARD_REMOVED)).toBeInTheDocument();
    expect(await within(cardsSection()).findByText(/No saved cards yet/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/subscriptions/payment-methods/${MEMBER}/c1`,
    );
  });

  it("a card that pays a renewing subscription stays, with the server's 409 message", async () => {
    stubFetch(billingWorld({ cards: [card('c1', '4242')], remove: error(409, 'CONFLICT', RENEWING_CARD) }));
    const user = userEvent.setup();
    renderBilling();
    await user.click(await within(cardsSection()).findByRole('button', { name: /^Remove Visa ending in 4242/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await within(cardsSection()).findByRole('alert')).toHaveTextContent(RENEWING_CARD);
    expect(within(cardsSection()).getByText('Visa ending in 4242')).toBeInTheDocument();
  });
});

describe('Account page: Subscriptions', () => {
  it('lists artist, status and renewal date; Cancel renewal turns it into an end date with Resume renewal', async () => {
    const calls = stubFetch(billingWorld({ subscriptions: [subscription('s1')] }));
    const user = userEvent.setup();
    renderBilling();
    const list = await within(subscriptionsSection()).findByRole('list', { name: 'Your subscriptions' });
    const end = formatTermDate('2027-03-10T12:00:00.000Z');
    expect(list).toHaveTextContent(`Nina SimoneActive · Renews on ${end}`);
    await user.click(within(list).getByRole('button', { name: 'Cancel subscription to Nina Simone' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(`Stop renewing? You keep Nina Simone until ${end}.`);
    // The buttons say what they do: 'Keep subscription' keeps it.
    await user.click(screen.getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/subscriptions/s1/cancel')).toHaveLength(0);
    await user.click(within(list).getByRole('button', { name: 'Cancel subscription to Nina Simone' }));
    await user.click(screen.getByRole('button', { name: 'Cancel renewal' }));
    await waitFor(() => expect(list).toHaveTextContent(`Nina SimoneCancelled · Ends on ${end}`));
    expect(within(list).queryByRole('button', { name: /^Cancel your subscription/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/subscriptions/s1/cancel')).toHaveLength(1);

    // Resume renewal while the term runs: it renews again.
    await user.click(within(list).getByRole('button', { name: 'Resume renewal of Nina Simone' }));
    await waitFor(() => expect(list).toHaveTextContent(`Nina SimoneActive · Renews on ${end}`));
    expect(calls.filter((call) => call.path === '/api/subscriptions/s1/resume')).toHaveLength(1);
  });

  it('shows ended and lapsed subscriptions with their end date, and says when there is none', async () => {
    stubFetch(
      billingWorld({
        subscriptions: [
          subscription('s2', { status: 'lapsed', renewsAt: null, artistName: 'Odetta' }),
          subscription('s3', { status: 'canceled', renewsAt: null, cancelAtPeriodEnd: true }),
        ],
      }),
    );
    renderBilling();
    const list = await within(subscriptionsSection()).findByRole('list', { name: 'Your subscriptions' });
    const end = formatTermDate('2027-03-10T12:00:00.000Z');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`OdettaLapsed · Ended on ${end}`, `Nina SimoneEnded · Ended on ${end}`]);
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the member subscribes to nobody', async () => {
    stubFetch(billingWorld());
    renderBilling();
    expect(
      await within(subscriptionsSection()).findByText('You do not subscribe to any artist yet.'),
    ).toBeInTheDocument();
  });
});

describe('Account page: Payments', () => {
  const paymentsSection = () => screen.getByRole('region', { name: 'Payments' });

  it('lists each payment with its kind, date, number, amount and a link to its receipt, a page at a time', async () => {
    const receipts = [
      receipt('r3', 3, { kind: 'refund', createdAt: '2026-04-01T12:00:00.000Z' }),
      receipt('r2', 2, { kind: 'failed_renewal', failureReason: 'Your card was declined.' }),
      ...Array.from({ length: 9 }, (_, index) => receipt(`r1-${index}`, 100 + index)),
    ];
    stubFetch(billingWorld({ receipts }));
    const user = userEvent.setup();
    renderBilling();
    const list = await within(paymentsSection()).findByRole('list', { name: 'Your payments' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent(
      `Nina SimoneRefund · ${formatTermDate('2026-04-01T12:00:00.000Z')} · HFM-2026-000003−$9.99Receipt`,
    );
    expect(items[1]).toHaveTextContent('Renewal failed');
    expect(items[1]).toHaveTextContent('$9.99 not charged');
    expect(within(items[0]!).getByRole('link', { name: 'Receipt HFM-2026-000003' })).toHaveAttribute(
      'href',
      '/members/account/receipts/r3',
    );
    const pages = within(paymentsSection()).getByRole('navigation', { name: 'Payments pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('HFM-2026-000108');
  });

  it('says when there is no payment yet', async () => {
    stubFetch(billingWorld());
    renderBilling();
    expect(await within(paymentsSection()).findByText('No payments yet.')).toBeInTheDocument();
  });
});
