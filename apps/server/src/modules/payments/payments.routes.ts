import { localPaymentMethodAnswer, localPaymentMethodBody, paymentsConfigAnswer } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perSignedInAccountLimit, rateLimited } from '../auth/route-options.js';
import { paymentsConfig, tokenizeLocalCard } from './payments.service.js';

const tags = ['payments'];
/** A card form is a few hundred bytes. */
const CARD_BODY_LIMIT = 4096;

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/payments/config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Which card form to use: the local provider's, or Stripe's with its publishable key",
        response: { 200: paymentsConfigAnswer },
      },
    },
    async () => paymentsConfig(ctx),
  );

  // Only the local provider takes card numbers; on Stripe the browser sends them to Stripe.js instead.
  if (ctx.config.payments.provider !== 'local') return;
  r.post(
    '/api/payments/local/payment-methods',
    {
      config: { ...rateLimited(app), access: 'signedIn' },
      preHandler: perSignedInAccountLimit(app),
      bodyLimit: CARD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Turn a card into a payment-method token (local provider only; as Stripe.js does on Stripe)',
        body: localPaymentMethodBody,
        response: { 201: localPaymentMethodAnswer },
      },
    },
    async (request, reply) => reply.status(201).send(await tokenizeLocalCard(ctx, request.currentUser, request.body)),
  );
}
