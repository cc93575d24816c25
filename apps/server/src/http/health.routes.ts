import type { FastifyInstance } from 'fastify';

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.ctx.platform.database.ping();
      return { status: 'ok', database: app.ctx.platform.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready');
      return reply.status(503).send({ error: { code: 'UNAVAILABLE', message: 'The database does not answer.' } });
    }
  });
}
