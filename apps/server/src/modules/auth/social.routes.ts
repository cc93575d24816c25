import {
  socialCallbackQuery,
  socialPrefillAnswer,
  socialPrefillParams,
  socialProviderParams,
  socialProvidersAnswer,
} from '@hfm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited } from '../../http/route-options.js';
import { SESSION_COOKIE } from './sessions.js';
import { SOCIAL_FLOW_COOKIE, SOCIAL_FLOW_PATH, SOCIAL_FLOW_TTL_SECONDS } from './social-flow-cookie.js';
import { finishSocialSignIn, listSocialProviders, readSocialPrefill, startSocialSignIn } from './social.service.js';

const redirect = z.null().describe('A redirect (Location): to the provider, or back to the web app');

/** Sign Up With Facebook (or another provider): docs/social-sign-in.md. */
export async function socialRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const flowCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: SOCIAL_FLOW_PATH,
    secure: ctx.config.secureCookies,
  };
  const meta = (request: FastifyRequest) => ({
    requestId: request.id,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    previousToken: request.cookies[SESSION_COOKIE],
  });

  app.get(
    '/api/auth/social/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The configured social sign-in providers (empty when none: then no button shows)',
        response: { 200: socialProvidersAnswer },
      },
    },
    async () => ({ providers: listSocialProviders(ctx) }),
  );

  app.get(
    '/api/auth/social/:provider/start',
    {
      config: { ...rateLimited(app), access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start a social sign-in: 302 to the provider (authorization code with PKCE, state and nonce)',
        params: socialProviderParams,
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      const start = await startSocialSignIn(ctx, request.params.provider, meta(request));
      if (start.kind === 'redirect') {
        reply.setCookie(SOCIAL_FLOW_COOKIE, start.flowCookie, { ...flowCookie, maxAge: SOCIAL_FLOW_TTL_SECONDS });
      }
      return noStoreRedirect(reply, start.location);
    },
  );

  app.get(
    '/api/auth/social/:provider/callback',
    {
      config: { ...rateLimited(app), access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'The provider sends the browser back here: a linked fan is signed in, anyone else lands in the Fan ' +
          'Sign Up modal prefilled (?social=token), a failure there with ?socialError=reason',
        params: socialProviderParams,
        querystring: socialCallbackQuery,
        response: { 302: redirect },
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const callbackUrl = new URL(ctx.config.social?.redirectUri ?? 'http://invalid/');
      callbackUrl.search = query;
      const outcome = await finishSocialSignIn(
        ctx,
        request.params.provider,
        callbackUrl,
        request.cookies[SOCIAL_FLOW_COOKIE],
        meta(request),
      );
      reply.clearCookie(SOCIAL_FLOW_COOKIE, flowCookie);
      if (outcome.kind === 'signedIn') {
        reply.setCookie(SESSION_COOKIE, outcome.session.token, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure: ctx.config.secureCookies,
          expires: outcome.session.expiresAt,
        });
      }
      return noStoreRedirect(reply, outcome.location);
    },
  );

  app.get(
    '/api/auth/social/prefill/:token',
    {
      config: { ...rateLimited(app), access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'What the provider told us, for the Fan Sign Up modal: answered once, for 30 minutes',
        params: socialPrefillParams,
        response: { 200: socialPrefillAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSocialPrefill(ctx, request.params.token);
    },
  );
}

function noStoreRedirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}
