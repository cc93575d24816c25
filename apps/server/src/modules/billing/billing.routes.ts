import {
  attachPaymentMethodBody,
  cardSetupAnswer,
  idempotencyKeyHeaders,
  memberIdParams,
  pagedPaymentReceipts,
  pageQuery,
  paymentReceipt,
  publicSubscription,
  receiptIdParams,
  savedCard,
  savedCardList,
  savedCardParams,
  savedCardRemoved,
  subscribeAnswer,
  subscribeBody,
  subscriptionIdParams,
  subscriptionList,
} from '@hfm/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachPaymentMethod, createCardSetup, listSavedCards, removeSavedCard } from './cards.service.js';
import { subscribe } from './subscribe.service.js';
import { getReceipt, listMemberReceipts } from './receipts.service.js';
import { cancelSubscription, listMemberSubscriptions, resumeSubscription } from './subscriptions.service.js';

/** Every billing call is for signed-in users; its service decides whose things they may touch (modules/access). */
function signedIn<Schema extends FastifySchema>(summary: string, schema: Schema) {
  return { config: { access: 'signedIn' as const }, schema: { tags: ['subscriptions'], summary, ...schema } };
}

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/subscriptions/card-list/:memberID',
    signedIn("The member's saved cards (brand, last four, expiry; never a number): themself or an admin", {
      params: memberIdParams,
      response: { 200: savedCardList },
    }),
    async (request) => listSavedCards(ctx, request.currentUser, request.params.memberID),
  );
  r.post(
    '/api/subscriptions/attach-payment-method/:memberID',
    signedIn('Save a card token (from the card form) to the member: themself only; 402 when the issuer refuses it', {
      params: memberIdParams,
      body: attachPaymentMethodBody,
      response: { 200: savedCard, 201: savedCard },
    }),
    async (request, reply) => {
      const { memberID } = request.params;
      const { card, created } = await attachPaymentMethod(ctx, request.currentUser, memberID, request.body);
      return reply.status(created ? 201 : 200).send(card);
    },
  );
  r.post(
    '/api/subscriptions/card-setup/:memberID',
    signedIn("Stripe only: a SetupIntent's client secret for Stripe.js's card element: themself only", {
      params: memberIdParams,
      response: { 200: cardSetupAnswer },
    }),
    async (request) => createCardSetup(ctx, request.currentUser, request.params.memberID),
  );
  r.delete(
    '/api/subscriptions/payment-methods/:memberID/:cardId',
    signedIn('Remove a saved card: themself only; 409 while it pays for a subscription that renews', {
      params: savedCardParams,
      response: { 200: savedCardRemoved },
    }),
    async (request) => removeSavedCard(ctx, request.currentUser, request.params.memberID, request.params.cardId),
  );
  r.post(
    '/api/subscriptions',
    signedIn(
      'Subscribe to an ACTIVE artist for one year (999 cents) with a saved card; the Idempotency-Key header makes a repeat charge once',
      { headers: idempotencyKeyHeaders, body: subscribeBody, response: { 201: subscribeAnswer } },
    ),
    async (request, reply) => {
      const answer = await subscribe(ctx, request.currentUser, request.body, request.headers['idempotency-key']);
      return reply.status(201).send(answer);
    },
  );
  r.get(
    '/api/subscriptions/member/:memberID',
    signedIn("The member's subscriptions with their renewal dates: themself or an admin", {
      params: memberIdParams,
      response: { 200: subscriptionList },
    }),
    async (request) => listMemberSubscriptions(ctx, request.currentUser, request.params.memberID),
  );
  r.post(
    '/api/subscriptions/:id/cancel',
    signedIn('Stop renewal: access lasts to the end of the paid term (its member or an admin)', {
      params: subscriptionIdParams,
      response: { 200: publicSubscription },
    }),
    async (request) => cancelSubscription(ctx, request.currentUser, request.params.id),
  );
  r.post(
    '/api/subscriptions/:id/resume',
    signedIn(
      'Undo a cancel while the paid term runs: it renews again (its member or an admin); 409 once the term has ended or the artist has left',
      { params: subscriptionIdParams, response: { 200: publicSubscription } },
    ),
    async (request) => resumeSubscription(ctx, request.currentUser, request.params.id),
  );
  r.get(
    '/api/subscriptions/payments/:memberID',
    signedIn(
      "The member's receipts (charges, renewals, refunds, refused renewals), newest first: themself or an admin",
      {
        params: memberIdParams,
        querystring: pageQuery,
        response: { 200: pagedPaymentReceipts },
      },
    ),
    async (request) => listMemberReceipts(ctx, request.currentUser, request.params.memberID, request.query),
  );
  r.get(
    '/api/subscriptions/receipts/:id',
    signedIn('One receipt: its member or an admin (to others it does not exist)', {
      params: receiptIdParams,
      response: { 200: paymentReceipt },
    }),
    async (request) => getReceipt(ctx, request.currentUser, request.params.id),
  );
}
