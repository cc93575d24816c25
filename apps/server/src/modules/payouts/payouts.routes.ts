import {
  accountLinkAnswer,
  adminPayoutList,
  adminPayoutsQuery,
  artistIdParams,
  createConnectAccountBody,
  payoutAccountStatus,
  payoutRunAccepted,
  payoutRunList,
  retrieveConnectAccountAnswer,
  runPayoutsAnswer,
  runPayoutsBody,
} from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAccountLink, createConnectAccount, retrieveConnectAccount } from './payout-accounts.service.js';
import { listPeriodPayouts, listPayoutRuns, planPayouts, startPayoutRun } from './payouts.service.js';

/** A small JSON body: an id and a country, or a period and a flag. */
const SMALL_BODY_LIMIT = 1024;

/** The artists' payout accounts (the spec's three calls) and the admin's monthly payout run (docs/payouts.md). */
export async function payoutsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['payouts'];

  r.post(
    '/api/artists/create-connect-account',
    {
      config: { access: 'artist' },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Make the artist's payout account at the payment provider, once (201; 200 when it exists): an artist for " +
          'themself, an admin names `artistID`. `country` (default US) decides the tax form',
        body: createConnectAccountBody,
        response: { 200: payoutAccountStatus, 201: payoutAccountStatus },
      },
    },
    async (request, reply) => {
      const { account, created } = await createConnectAccount(ctx, request.currentUser, request.body);
      return reply.status(created ? 201 : 200).send(account);
    },
  );

  r.post(
    '/api/artists/create-account-link/:id',
    {
      config: { access: 'artist' },
      schema: {
        tags,
        summary:
          'A single-use link to give payout details and a tax form (the provider’s onboarding), back to the ' +
          "studio's Payouts tab: the artist or an admin; 409 before the account is made",
        params: artistIdParams,
        response: { 200: accountLinkAnswer },
      },
    },
    async (request) => createAccountLink(ctx, request.currentUser, request.params.id),
  );

  r.get(
    '/api/artists/retrieve-connect-account/:id',
    {
      config: { access: 'artist' },
      schema: {
        tags,
        summary:
          "The artist's payout account as the provider knows it now (`account: null` while there is none): the " +
          'artist or an admin',
        params: artistIdParams,
        response: { 200: retrieveConnectAccountAnswer },
      },
    },
    async (request) => retrieveConnectAccount(ctx, request.currentUser, request.params.id),
  );

  r.get(
    '/api/admin/payouts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A period's payouts (paid, held with the reason, failed, pending) with artists' names and totals",
        querystring: adminPayoutsQuery,
        response: { 200: adminPayoutList },
      },
    },
    async (request) => listPeriodPayouts(ctx, request.currentUser, request.query.period),
  );

  r.get(
    '/api/admin/payout-runs',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The latest payout runs (scheduled, from the command line or an admin), newest first, each `queued`, ' +
          '`running`, `finished` or `stopped` (a run whose process went away is stopped)',
        response: { 200: payoutRunList },
      },
    },
    async (request) => listPayoutRuns(ctx, request.currentUser),
  );

  r.post(
    '/api/admin/payouts/run',
    {
      config: { access: 'admin' },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Run a period now: queues the run for the workers and answers it at once (202; the run an admin started ' +
          'that is still queued or running, `alreadyRunning`, instead of a second); it pays each artist what is ' +
          'due and unpaid (running it again pays nothing twice): follow it in `GET /api/admin/payout-runs`. ' +
          '`dryRun` answers the plan of the first 100 artists at once (200) and moves nothing. 409 before the 22nd ' +
          'of that month',
        body: runPayoutsBody,
        response: { 200: runPayoutsAnswer, 202: payoutRunAccepted },
      },
    },
    async (request, reply) => {
      const { period, dryRun } = request.body;
      if (dryRun) return reply.status(200).send(await planPayouts(ctx, request.currentUser, period));
      return reply.status(202).send(await startPayoutRun(ctx, request.currentUser, period));
    },
  );
}
