import { cardMessages } from '@hfm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, headersOf, stubFetch, type RecordedRequest, type StubReply } from '../../../test/test-utils';
import { STRIPE_LOADING } from '../../../components/stripe-card-entry';
import { DECLINED, savedCard, subscribeWorld } from '../../../test/members-subscribe';
import { renderDiscover, stubMediaElement } from '../../../test/members-app';
import { ARTIST_ID, MEMBER_ID } from '../../../test/members';

beforeEach(stubMediaElement);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openModal(user: UserEvent, path = '/a/nina-simone') {
  renderDiscover(path);
  await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
  const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Nina Simone' });
  return dialog;
}

async function typeCard(user: UserEvent, dialog: HTMLElement, number = '4242 4242 4242 4242') {
  const field = (label: string) => within(dialog).getByLabelText(label);
  await user.type(await within(dialog).findByLabelText('Card number'), number);
  await user.type(field('Expiry (MM/YY)'), '12/30');
  await user.type(field('CVC'), '123');
  await user.type(field('Name on card'), 'Sam Cooke');
  await user.type(field('ZIP code'), '10001');
}

const subscribeButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /^Subscribe for|^Try again/ });
const callsTo = (calls: RecordedRequest[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('Subscribe modal', () => {
  it('idle: the artist, the price and a labelled card form; focus stays inside; Escape closes it', async () => {
    stubFetch(subscribeWorld().routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    expect(dialog).toHaveAttribute('aria-describedby');
    expect(await within(dialog).findByText('Nina Simone', { selector: 'strong' })).toBeInTheDocument();
    expect(within(dialog).getAllByText('$9.99/year').length).toBeGreaterThan(0);
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC', 'Name on card', 'ZIP code']) {
      expect(await within(dialog).findByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: 'Subscribe for $9.99/year' })).toBeEnabled();
    for (let i = 0; i < 10; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before Escape or Cancel drop a typed card; Keep editing keeps it', async () => {
    const calls = stubFetch(subscribeWorld().routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    await user.type(await within(dialog).findByLabelText('Name on card'), 'Sam Cooke');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(within(dialog).getByLabelText('Name on card')).toHaveValue('Sam Cooke');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('checks each field with the shared rules on blur and on submit, and sends nothing while one is wrong', async () => {
    const calls = stubFetch(subscribeWorld().routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    await user.type(await within(dialog).findByLabelText('Card number'), '4242 4242 4242 4241');
    await user.tab();
    expect(await within(dialog).findByText(cardMessages.number)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    await user.click(subscribeButton(dialog));
    for (const message of [cardMessages.expiry, cardMessages.cvc, cardMessages.cardName, cardMessages.postalCode]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(callsTo(calls, 'POST', '/api/payments/local/payment-methods')).toHaveLength(0);
  });

  it('success: the number goes only to the card tokeniser, the token is attached and pays; related artists link to their pages', async () => {
    const calls = stubFetch(subscribeWorld().routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    await typeCard(user, dialog);
    await user.click(subscribeButton(dialog));

    const done = await screen.findByRole('dialog', { name: 'You subscribe to Nina Simone' });
    const related = within(done).getByRole('region', { name: 'Related artists' });
    expect(within(related).getByRole('link', { name: /Etta James/ })).toHaveAttribute('href', '/a/etta-james');
    expect(within(related).getByRole('link', { name: /Aretha Franklin/ })).toHaveAttribute(
      'href',
      '/a/aretha-franklin',
    );

    const [tokenise] = callsTo(calls, 'POST', '/api/payments/local/payment-methods');
    expect(tokenise!.body).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      cardName: 'Sam Cooke',
      postalCode: '10001',
    });
    const others = calls.filter((call) => call.path !== '/api/payments/local/payment-methods');
    expect(JSON.stringify(others.map((call) => call.body))).not.toContain('4242424242424242');
    expect(callsTo(calls, 'POST', `/api/subscriptions/attach-payment-method/${MEMBER_ID}`)[0]!.body).toEqual({
      paymentMethodID: 'pm_new',
      cardName: 'Sam Cooke',
      postalCode: '10001',
    });
    const [pay] = callsTo(calls, 'POST', '/api/subscriptions');
    expect(pay!.body).toEqual({ memberID: MEMBER_ID, paymentMethodID: 'pm_new', artistID: ARTIST_ID });
    expect(headersOf(pay!)['Idempotency-Key']).toMatch(/^subscribe-[\w-]{36}$/);

    // The page and the session are fetched again: the page now says Subscribed and no song is a preview.
    expect(await screen.findByText('Subscribed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Preview')).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET', '/api/artist-pages/nina-simone').length).toBeGreaterThan(1);

    await user.click(within(done).getByRole('link', { name: /Etta James/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('loading: the button is disabled and a second click pays no second time', async () => {
    let release: (reply: StubReply) => void = () => {};
    const world = subscribeWorld({
      cards: [savedCard({ id: 'card-1', last4: '4242' })],
      subscribeReply: (request) =>
        new Promise<StubReply>((resolve) => {
          release = (reply) => resolve(reply);
        }).then(() => world.succeed(request)),
    });
    const calls = stubFetch(world.routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    expect(await within(dialog).findByRole('radio', { name: 'Visa ending in 4242, expires 12/30' })).toBeChecked();
    const button = subscribeButton(dialog);
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/subscriptions')).toHaveLength(1);
    release({});
    expect(await screen.findByRole('dialog', { name: 'You subscribe to Nina Simone' })).toBeInTheDocument();
  });

  it("error: a card the issuer refuses shows the provider's message, says nothing was charged and keeps the form", async () => {
    const calls = stubFetch(subscribeWorld({ attachReply: DECLINED }).routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    await typeCard(user, dialog, '4000 0000 0000 0002');
    await user.click(subscribeButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveTextContent('Nothing was charged.');
    expect(within(dialog).getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(within(dialog).getByLabelText('Name on card')).toHaveValue('Sam Cooke');
    expect(callsTo(calls, 'POST', '/api/subscriptions')).toHaveLength(0);
  });

  it('a retry after an unknown outcome sends the same Idempotency-Key; after a decline or with another card, a new one', async () => {
    let replies = 0;
    const world = subscribeWorld({
      cards: [savedCard({ id: 'card-1', last4: '0341' }), savedCard({ id: 'card-2', last4: '4242' })],
      subscribeReply: (request) => {
        replies += 1;
        if (replies === 1) return error(503, 'UNAVAILABLE', 'The service is busy. Please try again.');
        return (request.body as { paymentMethodID: string }).paymentMethodID === 'pm_0341'
          ? DECLINED
          : world.succeed(request);
      },
    });
    const calls = stubFetch(world.routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    await within(dialog).findByRole('radio', { name: /ending in 0341/ });
    await user.click(subscribeButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is busy.');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/subscriptions')).toHaveLength(3));
    await user.click(within(dialog).getByRole('radio', { name: /ending in 4242/ }));
    await user.click(subscribeButton(dialog));
    await screen.findByRole('dialog', { name: 'You subscribe to Nina Simone' });
    const keys = callsTo(calls, 'POST', '/api/subscriptions').map((call) => headersOf(call)['Idempotency-Key']);
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1)).size).toBe(3);
  });

  it('a card field the server refuses shows on that field', async () => {
    const world = subscribeWorld();
    world.routes.unshift({
      method: 'POST',
      path: '/api/payments/local/payment-methods',
      reply: error(400, 'VALIDATION', 'Please check the card.', { expYear: cardMessages.expired }),
    });
    stubFetch(world.routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    await typeCard(user, dialog);
    await user.click(subscribeButton(dialog));
    expect(await within(dialog).findByText(cardMessages.expired)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("opens by itself from the player's preview offer (?subscribe), and closing drops the parameter", async () => {
    stubFetch(subscribeWorld().routes);
    const user = userEvent.setup();
    const { router } = renderDiscover('/a/nina-simone?subscribe');
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Nina Simone' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it("with Stripe configured, the number is Stripe's to take: no number field of ours, our two fields checked, nothing sent to the local tokeniser", async () => {
    const calls = stubFetch(subscribeWorld({ provider: 'stripe' }).routes);
    const user = userEvent.setup();
    const dialog = await openModal(user);
    // Stripe.js comes from Stripe's servers, which this machine cannot reach: the field says it is loading.
    expect(await within(dialog).findByText(STRIPE_LOADING)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(subscribeButton(dialog));
    expect(await within(dialog).findByText(cardMessages.cardName)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name on card'), 'Sam Cooke');
    await user.type(within(dialog).getByLabelText('ZIP code'), '10001');
    await user.click(subscribeButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STRIPE_LOADING);
    expect(callsTo(calls, 'POST', '/api/payments/local/payment-methods')).toHaveLength(0);
    expect(callsTo(calls, 'POST', '/api/subscriptions')).toHaveLength(0);
  });
});
