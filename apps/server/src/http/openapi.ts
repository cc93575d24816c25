import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { docsPolicy } from './security-headers.js';

/** OpenAPI from the route schemas: JSON at /api/openapi.json, readable docs at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'HFM API',
        version: '0.1.0',
        description:
          'Errors answer `{ error: { code, message, fields? } }`. Sign in with POST /api/auth; the session is an httpOnly cookie.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hfm_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    // The documentation pages are public; their routes come from the plugin, so they are declared here.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: docsPolicy(config),
    });
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
}
