import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@hfm/shared';
import { AppError } from '../errors/app-error.js';

/** Per-route rate limit from the config (per client address); 429 answers use the error body. */
export function rateLimited(app: FastifyInstance) {
  const { max, windowMs } = app.ctx.config.rateLimit;
  return { rateLimit: { max, timeWindow: windowMs } };
}

/**
 * A second limit keyed by the account a request names (its email), so guessing one account's password
 * or code is bounded however many addresses the guesser has. Runs after the body is parsed.
 */
export function perAccountLimit(app: FastifyInstance) {
  return (field: 'userName' | 'email') =>
    accountLimit(app, (request) => {
      const value = (request.body as Record<string, unknown> | undefined)?.[field];
      return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
    });
}

/** The same limit keyed by the signed-in account (change-password: a stolen session guessing the password). */
export function perSignedInAccountLimit(app: FastifyInstance) {
  return accountLimit(app, (request) => request.currentUser?.id ?? '');
}

function accountLimit(app: FastifyInstance, accountOf: (request: FastifyRequest) => string) {
  const { max, windowMs } = app.ctx.config.rateLimit;
  const check = app.createRateLimit({
    max,
    timeWindow: windowMs,
    // The route is part of the key: each route counts its own tries, as each route's limit does.
    keyGenerator: (request) =>
      `account:${request.routeOptions.method} ${request.routeOptions.url}:${accountOf(request)}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    if (!accountOf(request)) return;
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', messages.tooManyRequests);
  };
}
