import { webhookAnswer, webhookParams } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimited } from '../../http/route-options.js';
import { receiveWebhook, type WebhookHandlers } from './webhooks.service.js';

/** A provider's event is a few KB; an invoice with many lines a few tens. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export async function webhookRoutes(app: FastifyInstance, handlers: WebhookHandlers): Promise<void> {
  // The signature is over the body as sent: keep it as bytes (this scope only), never parse it first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  r.post(
    '/api/payments/webhooks/:provider',
    {
      config: { ...rateLimited(app), access: 'public' },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary:
          "The payment provider's signed events (the configured provider only): each applied once; a bad signature is a 400",
        params: webhookParams,
        response: { 200: webhookAnswer },
      },
    },
    async (request) => {
      const payments = ctx.platform.payments;
      const signature = request.headers[payments.webhookSignatureHeader];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return receiveWebhook(
        ctx,
        handlers,
        request.params.provider,
        body,
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
}
