import type { FastifyInstance } from 'fastify';

/** Every domain's routes, registered in one place so the API reads like the spec's catalogue. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  void app;
}
