import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { AppError } from './errors/app-error.js';
import { isDatabaseUnavailable, isNetworkFailure } from './errors/unavailable.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { seedStartupData } from './modules/index.js';
import { tuneGarbageCollection } from './platform/garbage-collection.js';
import { demoLoginsBox, seedDemoOnFirstStart, DEMO_ACCOUNTS_FILE, type DemoLogin } from './seed/demo.js';

/**
 * ROLE=all serves the API and the web app and works jobs; api serves and sends jobs but works none;
 * worker works jobs and serves only /healthz and /readyz (the queue decides what it works from the role).
 */
async function start(config: Config): Promise<void> {
  tuneGarbageCollection();
  const app = await buildApp(config);
  keepRunningThroughOutages(app.log);
  await app.ctx.platform.database.migrate();
  await seedStartupData(app.ctx);
  await app.ctx.jobs.start();
  const logins = config.seedDemo && config.role === 'all' ? await seedDemoOnFirstStart(app.ctx) : null;
  if (logins) await seedFirstStartCatalogue(app);
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
  if (logins) printLoginsAgain(app.log, config, logins);
}

/**
 * The first start's logins once more, last, in plain text: the box at the top has scrolled away by now. The
 * log writes asynchronously (pino's stream), so the box goes through that same stream, after its last lines;
 * pino keeps the stream under a symbol it does not export to Fastify's users, found here by its name.
 */
function printLoginsAgain(log: object, config: Config, logins: DemoLogin[]): void {
  const file = path.join(config.dataDir, DEMO_ACCOUNTS_FILE);
  const text = `\n${demoLoginsBox(config.publicUrl, logins, file)}\n\n`;
  const symbol = Object.getOwnPropertySymbols(log).find((key) => key.description === 'pino.stream');
  const stream = symbol ? (log as Record<symbol, { write?: (text: string) => void }>)[symbol] : undefined;
  if (stream?.write) stream.write(text);
  else process.stdout.write(text);
}

/**
 * A background call that fails because the database or the storage is away must not end the process:
 * pg-boss does not await its own complete/fail after a job (pg-boss 10), so a database restart while a job
 * ends used to crash the worker. The job stays active and is retried once its lease lapses (docs/media.md).
 * Any other unhandled rejection still ends the process, as Node's default does.
 */
function keepRunningThroughOutages(log: { error(object: object, message: string): void }): void {
  process.on('unhandledRejection', (reason) => {
    const outage =
      isDatabaseUnavailable(reason) ||
      isNetworkFailure(reason) ||
      (reason instanceof AppError && reason.code === 'UNAVAILABLE');
    if (!outage) throw reason;
    log.error({ err: reason }, 'a background call failed while a service was away; carrying on');
  });
}

/**
 * A small catalogue of generated music, so a first look at HFM has artists to find and songs to play.
 * A failure (no ffmpeg, say) is logged and the product starts without it. Its code (and the image library it
 * draws with) is loaded only on this first start: every other start is quicker without it.
 */
async function seedFirstStartCatalogue(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const { FIRST_START_CATALOGUE, seedCatalogue } = await import('./seed/catalogue.js');
  const { describeDemoFan, seedDemoFanActivity } = await import('./seed/demo-fan.js');
  app.log.info(
    'Making a demo catalogue of generated music, artwork and tagged downloads (first start only; about half a minute)...',
  );
  try {
    const summary = await seedCatalogue(app.ctx, FIRST_START_CATALOGUE, (line) => app.log.debug(line));
    app.log.info(
      `Seeded a demo catalogue: ${summary.artists} artists, ${summary.songs + summary.demoArtistSongs} songs, ` +
        `${summary.images} images (${summary.seconds} s).`,
    );
    const fan = await seedDemoFanActivity(app.ctx);
    app.log.info(`The demo fan: ${describeDemoFan(fan)}`);
  } catch (error) {
    app.log.warn({ err: error }, 'the demo catalogue could not be seeded; HFM starts without it');
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
