import {
  codeSentAnswer,
  confirmedAnswer,
  confirmUserBody,
  loginAnswer,
  loginRequest,
  logoutAnswer,
  resendCodeBody,
  sessionAnswer,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perAccountLimit, rateLimited } from '../../http/route-options.js';
import { findSignedInUser, logIn, logOut } from './auth.service.js';
import { confirmUser, resendCode } from './confirmation.service.js';
import { SESSION_COOKIE } from './sessions.js';

const LOGIN_PATH = '/login';

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const accountLimit = perAccountLimit(app);

  app.post(
    '/api/auth',
    {
      config: { ...rateLimited(app), access: 'public' },
      preHandler: accountLimit('userName'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the hfm_session cookie',
        body: loginRequest,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      const signedIn = await logIn(ctx, request.body, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      reply.setCookie(SESSION_COOKIE, signedIn.token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: ctx.config.secureCookies,
        expires: signedIn.expiresAt,
      });
      return { routeTo: signedIn.routeTo, user: signedIn.user };
    },
  );

  app.get(
    '/api/auth/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in: the user, or null when signed out (never a 401, so a probe stays quiet)',
        response: { 200: sessionAnswer },
      },
    },
    async (request) => ({ user: await findSignedInUser(ctx, request.currentUser) }),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: every session of the user ends',
        response: { 200: logoutAnswer },
      },
    },
    async (request, reply) => {
      await logOut(ctx, request.currentUser);
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.secureCookies,
      });
      return { routeTo: LOGIN_PATH };
    },
  );

  app.post(
    '/api/auth/confirm-user',
    {
      config: { ...rateLimited(app), access: 'public' },
      preHandler: accountLimit('email'),
      schema: {
        tags: ['auth'],
        summary: 'Confirm an account with the 6-digit code from the mail',
        body: confirmUserBody,
        response: { 200: confirmedAnswer },
      },
    },
    async (request) => {
      await confirmUser(ctx, request.body);
      return { confirmed: true as const, routeTo: LOGIN_PATH };
    },
  );

  app.post(
    '/api/auth/resend-code',
    {
      config: { ...rateLimited(app), access: 'public' },
      preHandler: accountLimit('email'),
      schema: {
        tags: ['auth'],
        summary: 'Mail a new code to an unconfirmed account (same answer for any email)',
        body: resendCodeBody,
        response: { 202: codeSentAnswer },
      },
    },
    async (request, reply) => {
      await resendCode(ctx, request.body.email);
      return reply.status(202).send({ sent: true as const });
    },
  );
}
