import {
  localOnboardingAnswer,
  localOnboardingBody,
  localOnboardingDone,
  localPaymentMethodAnswer,
  localPaymentMethodBody,
  onboardingLinkParams,
  paymentsConfigAnswer,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perSignedInAccountLimit, rateLimited } from '../../http/route-options.js';
import { completeLocalOnboarding, paymentsConfig, showLocalOnboarding, tokenizeLocalCard } from './payments.service.js';

const tags = ['payments'];
/** A card form is a few hundred bytes. */
const CARD_BODY_LIMIT = 4096;
/** A bank account and a tax form are well under a kilobyte each. */
const ONBOARDING_BODY_LIMIT = 4096;

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
  // The local provider's onboarding page (Stripe's hosted onboarding on Stripe): the link id is the credential.
  r.get(
    '/api/payments/local/connect/onboarding/:linkId',
    {
      config: { ...rateLimited(app), access: 'signedUrl' },
      schema: {
        tags,
        summary:
          'The payout onboarding page of a link (local provider only): what is on file (last fours only) and ' +
          'what is missing; 404 once the link has expired or was used',
        params: onboardingLinkParams,
        response: { 200: localOnboardingAnswer },
      },
    },
    async (request) => showLocalOnboarding(ctx, request.params.linkId),
  );
  r.post(
    '/api/payments/local/connect/onboarding/:linkId',
    {
      config: { ...rateLimited(app), access: 'signedUrl' },
      bodyLimit: ONBOARDING_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Give the bank account, a W-9 or W-8BEN, or both (local provider only; as Stripe's onboarding does): " +
          'only last fours are kept; spends the link and answers where to go next',
        params: onboardingLinkParams,
        body: localOnboardingBody,
        response: { 200: localOnboardingDone },
      },
    },
    async (request) => completeLocalOnboarding(ctx, request.params.linkId, request.body),
  );
}
