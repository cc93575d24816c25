import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { tuneGarbageCollection } from './platform/garbage-collection.js';
import { seedDemoOnFirstStart } from './seed/demo.js';

/**
 * ROLE=all serves the API and the web app and works jobs; api serves and sends jobs but works none;
 * worker works jobs and serves only /healthz and /readyz (the queue decides what it works from the role).
 */
async function start(config: Config): Promise<void> {
  tuneGarbageCollection();
  const app = await buildApp(config);
  await app.ctx.platform.database.migrate();
  await app.ctx.jobs.start();
  if (config.seedDemo && config.role === 'all') await seedDemoOnFirstStart(app.ctx);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (config.role === 'worker') {
    app.log.info({ role: config.role }, `HFM worker is running (health at ${config.publicUrl}/healthz)`);
  } else {
    app.log.info(
      { role: config.role },
      `HFM is running at ${config.publicUrl}/ (API docs at ${config.publicUrl}/api/docs)`,
    );
  }
}

try {
  await start(loadConfig());
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
