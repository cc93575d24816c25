import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/guards.js';

/** Per-route rate limit from the config (per client address); 429 answers use the error body. */
export function rateLimited(app: FastifyInstance) {
  const { max, windowMs } = app.ctx.config.rateLimit;
  return { rateLimit: { max, timeWindow: windowMs } };
}

/**
 * A preValidation hook for routes that need a signed-in user: a signed-out caller gets 401 before
 * the body or params are looked at.
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
