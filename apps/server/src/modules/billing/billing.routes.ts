import {
  attachPaymentMethodBody,
  idempotencyKeyHeaders,
  memberIdParams,
  publicSubscription,
  savedCard,
  savedCardList,
  savedCardParams,
  savedCardRemoved,
  subscribeAnswer,
  subscribeBody,
  subscriptionIdParams,
  subscriptionList,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachPaymentMethod, listSavedCards, removeSavedCard } from './cards.service.js';
import { subscribe } from './subscribe.service.js';
import { cancelSubscription, listMemberSubscriptions } from './subscriptions.service.js';

const tags = ['subscriptions'];

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/subscriptions/card-list/:memberID',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The member's saved cards (brand, last four, expiry; never a number): themself or an admin",
        params: memberIdParams,
        response: { 200: savedCardList },
      },
    },
    async (request) => listSavedCards(ctx, request.currentUser, request.params.memberID),
  );
  r.post(
    '/api/subscriptions/attach-payment-method/:memberID',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Save a card token (from the card form) to the member: themself only; 402 when the issuer refuses it',
        params: memberIdParams,
        body: attachPaymentMethodBody,
        response: { 200: savedCard, 201: savedCard },
      },
    },
    async (request, reply) => {
      const { card, created } = await attachPaymentMethod(
        ctx,
        request.currentUser,
        request.params.memberID,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(card);
    },
  );
  r.delete(
    '/api/subscriptions/payment-methods/:memberID/:cardId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Remove a saved card: themself only; 409 while it pays for a subscription that renews',
        params: savedCardParams,
        response: { 200: savedCardRemoved },
      },
    },
    async (request) => removeSavedCard(ctx, request.currentUser, request.params.memberID, request.params.cardId),
  );
  r.post(
    '/api/subscriptions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Subscribe to an ACTIVE artist for one year (999 cents) with a saved card; the Idempotency-Key header makes a repeat charge once',
        headers: idempotencyKeyHeaders,
        body: subscribeBody,
        response: { 201: subscribeAnswer },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await subscribe(ctx, request.currentUser, request.body, request.headers['idempotency-key'])),
  );
  r.get(
    '/api/subscriptions/member/:memberID',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The member's subscriptions with their renewal dates: themself or an admin",
        params: memberIdParams,
        response: { 200: subscriptionList },
      },
    },
    async (request) => listMemberSubscriptions(ctx, request.currentUser, request.params.memberID),
  );
  r.post(
    '/api/subscriptions/:id/cancel',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Stop renewal: access lasts to the end of the paid term (its member or an admin)',
        params: subscriptionIdParams,
        response: { 200: publicSubscription },
      },
    },
    async (request) => cancelSubscription(ctx, request.currentUser, request.params.id),
  );
}
