import crypto from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerBoundedJsonParser } from './http/json-body.js';
import { FORM_TEXT_LIMIT, IMAGE_BODY_LIMIT, JSON_BODY_LIMIT } from './http/limits.js';
import { serializeRequest } from './http/log-masking.js';
import { rejectNulCharacters } from './http/nul-characters.js';
import { registerOpenApi } from './http/openapi.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerHealthRoutes } from './http/health.routes.js';
import { registerMetricsRoute, registerRequestMetrics } from './http/metrics.routes.js';
import { registerRouteAccess } from './modules/access/index.js';
import { SESSION_COOKIE } from './modules/auth/index.js';
import { registerJobs, registerModules, registerSessions } from './modules/index.js';
import { registerMediaRoutes } from './http/media.routes.js';
import { registerUploadPartRoutes } from './http/upload-parts.routes.js';
import { registerWebApp } from './http/web-app.js';
import { createPlatform, type Platform, type PlatformOverrides } from './platform/platform.js';
import { createJobQueue, type JobQueueOptions } from './platform/jobs/pg-boss-queue.js';
import { databaseRateLimitStore } from './platform/rate-limits/database-store.js';

export interface BuildOptions extends PlatformOverrides {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Queue settings (tests work only some kinds, or poll faster). */
  jobs?: JobQueueOptions;
  /** Where log lines go (standard output unless given). */
  logStream?: { write(line: string): void };
}

export { IMAGE_BODY_LIMIT, JSON_BODY_LIMIT };

/** A body that never finishes, or a client that never speaks, is answered 408 and its connection closed. */
function serverTimeouts({ timeouts }: Config) {
  return {
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // How often Node looks for requests over their time; its default (30 s) would stretch short limits.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, timeouts.headersMs / 4)),
    },
  };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    ...serverTimeouts(config),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  registerBoundedJsonParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook, not an async one: no promise per request (docs/decisions/0066).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const platform: Platform = await createPlatform(config, app.log, options);
  const ctx: AppContext = {
    config,
    db: platform.database.db,
    mailer: platform.mailer,
    storage: platform.storage,
    log: app.log,
    platform,
    jobs: createJobQueue(platform.database, config, app.log, { ...options.jobs, metrics: platform.metrics }),
  };
  app.decorate('ctx', ctx);
  registerJobs(ctx);
  app.addHook('onClose', async () => {
    await ctx.jobs.stop({ graceful: true, timeoutMs: 10_000 });
    await platform.close();
  });

  registerErrorHandler(app);
  registerRequestMetrics(app);
  // A worker works jobs and answers only its health checks and its metrics: no API, no web app.
  if (config.role === 'worker') {
    registerHealthRoutes(app);
    registerMetricsRoute(app);
    return app;
  }
  app.addHook('preValidation', rejectNulCharacters);
  await app.register(cookie);
  // Routes read forms with their own rules (http/multipart.ts); these tight defaults bound request.file().
  await app.register(multipart, {
    limits: { fileSize: IMAGE_BODY_LIMIT, files: 1, fields: 4, fieldSize: FORM_TEXT_LIMIT, parts: 5, headerPairs: 10 },
  });
  // Counted in the database, so every API process adds to the same limits (docs/decisions/0026).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx.db) });
  registerSecurityHeaders(app, config);
  registerSameOriginCheck(app, { publicUrl: config.publicUrl, sessionCookie: SESSION_COOKIE });
  registerSessions(app);
  registerRouteAccess(app);
  await registerOpenApi(app, config);
  registerHealthRoutes(app);
  registerMetricsRoute(app);
  await registerModules(app);
  registerMediaRoutes(app);
  registerUploadPartRoutes(app);
  if (options.serveWeb !== false) await registerWebApp(app, config);
  return app;
}
