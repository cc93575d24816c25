/**
 * `npm run prod:local`: the production topology on this machine (deploy/topology.ts), with the demo accounts
 * and a small demo catalogue, until Ctrl-C or SIGTERM stops every process it started.
 *
 * Settings: PROD_LOCAL_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres), PROD_LOCAL_DATABASE
 * (default hfm_prod_local, made afresh each run and kept afterwards), PROD_LOCAL_PORT (default 8080),
 * PROD_LOCAL_SEED=false to start empty, PROD_LOCAL_VERBOSE=true to print every process's log, PROD_LOCAL_NICE
 * (default 10; 0 for none): the workers' and moto's CPU priority, lower than the API processes' (they stand
 * for other machines; topology.ts `standInNice`).
 */
import { startTopology, type Topology } from './topology.ts';

const env = process.env;
const verbose = env.PROD_LOCAL_VERBOSE === 'true';
const seed = env.PROD_LOCAL_SEED !== 'false';

/** Output lines worth showing when not verbose: warnings and errors from pino, anything that is not JSON. */
function printLine(name: string, line: string): void {
  if (line.trim() === '') return;
  if (!verbose) {
    if (name === 'moto' || name === 'caddy') return;
    const level = /^\{"level":(\d+)/.exec(line)?.[1];
    if (level && Number(level) < 40) return;
  }
  console.log(`[${name}] ${line}`);
}

async function main(): Promise<void> {
  console.log('Starting PostgreSQL database, S3 bucket (moto), 2 API processes, 2 workers and Caddy...');
  const topology = await startTopology({
    postgresUrl: env.PROD_LOCAL_POSTGRES_URL,
    databaseName: env.PROD_LOCAL_DATABASE ?? 'hfm_prod_local',
    port: Number(env.PROD_LOCAL_PORT ?? 8080),
    keepDatabase: true,
    standInNice: Number(env.PROD_LOCAL_NICE ?? 10) || undefined,
    env: { LOG_LEVEL: env.LOG_LEVEL ?? 'info' },
    onLine: printLine,
  });
  let stopping = false;
  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping Caddy, the API processes, the workers and moto...`);
    await topology.stop();
    console.log('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  for (const child of [...topology.apis, ...topology.workers, topology.caddy]) {
    void child.exit.then(() => stop(`${child.name} exited unexpectedly`, 1));
  }
  if (seed) await seedDemo(topology);
  describe(topology);
}

async function seedDemo(topology: Topology): Promise<void> {
  console.log('Seeding the demo accounts and a demo catalogue into the database and the bucket...');
  const output = await topology.cli(['seed-demo', '--artists', '6', '--songs', '24']);
  console.log(output.trim());
}

function describe(topology: Topology): void {
  const lines = [
    '',
    `HFM (production topology) is running at ${topology.url}/`,
    `  balancer  Caddy ${topology.url} (fewest requests under way, health on /readyz; ${topology.caddyfilePath})`,
    ...topology.apis.map((api) => `  ${api.name}     ${api.baseUrl} (pid ${api.pid}, DATA_DIR ${api.dataDir})`),
    ...topology.workers.map(
      (w) => `  ${w.name}  ${w.baseUrl} (pid ${w.pid}, DATA_DIR ${w.dataDir}; mail in its mail/)`,
    ),
    `  database  ${topology.databaseUrl}`,
    `  bucket    ${topology.bucket} at ${topology.s3Endpoint} (moto)`,
    'Press Ctrl-C to stop everything.',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
