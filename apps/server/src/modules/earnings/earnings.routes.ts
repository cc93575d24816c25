import { artistEarnings, artistEarningsParams, revenueQuery, revenueReport } from '@hfm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getArtistEarnings, getArtistStatement } from './earnings.service.js';
import { getRevenueCsv, getRevenueReport } from './revenue.service.js';

const tags = ['earnings'];

export async function earningsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/artists/:id/earnings',
    {
      config: { access: 'artist' },
      schema: {
        tags,
        summary: "The artist's earnings: subscribers, earned, owed, the next payout, payouts and 12 months of charts.",
        params: artistEarningsParams,
        response: { 200: artistEarnings },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getArtistEarnings(ctx, request.currentUser, request.params.id);
    },
  );
  r.get(
    '/api/artists/:id/earnings.csv',
    {
      exposeHeadRoute: false,
      config: { access: 'artist' },
      schema: {
        tags,
        summary: "The artist's statement: every ledger row of theirs and every payout, as CSV (streamed).",
        params: artistEarningsParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const statement = await getArtistStatement(ctx, request.currentUser, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statement.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(statement.stream);
    },
  );
  r.get(
    '/api/admin/revenue',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Revenue per UTC month: gross, refunds, disputes, net, artists’ share, provider fees, platform.',
        querystring: revenueQuery,
        response: { 200: revenueReport },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getRevenueReport(ctx, request.currentUser, request.query);
    },
  );
  r.get(
    '/api/admin/revenue.csv',
    {
      exposeHeadRoute: false,
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The revenue report as CSV: a line per month and the totals.',
        querystring: revenueQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const report = await getRevenueCsv(ctx, request.currentUser, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(report.csv);
    },
  );
}
