/**
 * The production topology on one machine: PostgreSQL (a fresh database), an S3-compatible bucket (moto on
 * loopback), two API processes and two workers from the built server, and Caddy balancing the API processes.
 * The processes share nothing but the database and the bucket: each has its own DATA_DIR, port and log.
 * `npm run prod:local` runs it; the browser tests (E2E_TOPOLOGY=prod) and the alternating-process test
 * start and stop it with these functions.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { caddyfile } from './caddyfile.ts';
import { createBucket, createDatabase, type Bucket, type Database } from './resources.ts';
import { freePort, spawnProcess, waitUntilAnswering, type RunningProcess } from './processes.ts';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');
const cliJs = path.join(repoRoot, 'apps/server/dist/cli.js');

export interface TopologyOptions {
  /** A PostgreSQL URL whose server gets the fresh database (its own database name is only used to connect). */
  postgresUrl?: string;
  /** The fresh database's name (dropped first if it exists); a random `hfm_prod_...` by default. */
  databaseName?: string;
  /** Where the balancer listens on 127.0.0.1; a free port by default. */
  port?: number;
  apiProcesses?: number;
  workerProcesses?: number;
  /** Settings for every server process (after the topology's own, so a test may change any). */
  env?: Record<string, string>;
  /** Each output line of every process, prefixed with its name (prod:local prints them). */
  onLine?: (name: string, line: string) => void;
  /** Keep the database when stopping (prod:local: to look at it afterwards). */
  keepDatabase?: boolean;
  /**
   * A nice value (1-19) for the workers (and so their ffmpeg runs) and moto: the parts that run on other
   * machines in production (docs/operations.md "Production topology"), so that on this one they take the CPU
   * the API processes, PostgreSQL and Caddy leave. Unset: every process at the same priority.
   */
  standInNice?: number;
}

export interface ServerProcess extends RunningProcess {
  role: 'api' | 'worker';
  /** The process's own address, bypassing the balancer. */
  baseUrl: string;
  dataDir: string;
}

export interface Topology {
  /** The balancer: what a browser opens (PUBLIC_URL). */
  url: string;
  apis: ServerProcess[];
  workers: ServerProcess[];
  caddy: RunningProcess;
  caddyfilePath: string;
  databaseUrl: string;
  s3Endpoint: string;
  bucket: string;
  /** The settings every server process shares (database, bucket, signing secret, public URL). */
  sharedEnv: Record<string, string>;
  /** Mail files every worker has written so far, oldest first (no SMTP_URL: each worker writes to its DATA_DIR). */
  mails(): string[];
  /** Runs the server's CLI (`node dist/cli.js ...`) on the topology's database and bucket; answers its output. */
  cli(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Starts everything and answers once the balancer serves /readyz; on a failure, stops what started. */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-prod-'));
  const started: RunningProcess[] = [];
  let database: Database | undefined;
  let bucket: Bucket | undefined;
  const cleanUp = async () => {
    for (const process of started.reverse()) await process.stop();
    await bucket?.stop();
    if (database && !options.keepDatabase) await database.drop();
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  try {
    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    database = await createDatabase(
      options.postgresUrl ?? DEFAULT_POSTGRES_URL,
      options.databaseName ?? `hfm_prod_${crypto.randomBytes(5).toString('hex')}`,
    );
    bucket = await createBucket({ webOrigin: url, onLine: options.onLine, nice: options.standInNice });
    const sharedEnv = sharedSettings(url, database.url, bucket);
    const serverEnv = { ...sharedEnv, ...options.env };
    const start = (role: 'api' | 'worker', index: number) =>
      startServerProcess({
        role,
        name: `${role}-${index}`,
        runDir,
        env: serverEnv,
        onLine: options.onLine,
        nice: role === 'worker' ? options.standInNice : undefined,
      });
    const servers = await Promise.all([
      ...range(options.apiProcesses ?? 2).map((i) => start('api', i)),
      ...range(options.workerProcesses ?? 2).map((i) => start('worker', i)),
    ]);
    started.push(...servers);
    // A hang guard only: four processes migrating and starting on a busy machine take minutes, never forever.
    for (const server of servers)
      await waitUntilAnswering(`${server.baseUrl}/readyz`, server, { deadlineMs: 10 * 60_000 });
    const apis = servers.filter((server) => server.role === 'api');
    const workers = servers.filter((server) => server.role === 'worker');
    const caddyfilePath = path.join(runDir, 'Caddyfile');
    fs.writeFileSync(
      caddyfilePath,
      caddyfile({ port, apiPorts: apis.map((api) => Number(new URL(api.baseUrl).port)) }),
    );
    const caddy = startCaddy(caddyfilePath, runDir, options.onLine);
    started.push(caddy);
    await waitUntilAnswering(`${url}/readyz`, caddy);
    const cliDataDir = path.join(runDir, 'cli');
    fs.mkdirSync(cliDataDir);
    const cliEnv = { ...process.env, ...serverEnv, DATA_DIR: cliDataDir, LOG_LEVEL: 'warn' };
    return {
      url,
      apis,
      workers,
      caddy,
      caddyfilePath,
      databaseUrl: database.url,
      s3Endpoint: bucket.endpoint,
      bucket: bucket.name,
      sharedEnv,
      mails: () => readMails(workers),
      cli: (args) => runNode(cliJs, args, cliEnv),
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** What every server process gets alike: the one database, the one bucket, one signing secret, one address. */
function sharedSettings(url: string, databaseUrl: string, bucket: Bucket): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: bucket.endpoint,
    S3_REGION: bucket.region,
    S3_BUCKET: bucket.name,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    // Signed media and upload URLs, cookies' and webhooks' secrets: one per run, the same in every process.
    SIGNING_SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: url,
    // The balancer is the one hop in front of the API processes, on loopback.
    TRUST_PROXY: '127.0.0.1',
  };
}

async function startServerProcess(input: {
  role: 'api' | 'worker';
  name: string;
  runDir: string;
  env: Record<string, string>;
  onLine: TopologyOptions['onLine'];
  nice: number | undefined;
}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = path.join(input.runDir, input.name);
  fs.mkdirSync(dataDir);
  const process_ = spawnProcess({
    name: input.name,
    command: process.execPath,
    args: [mainJs],
    cwd: repoRoot,
    env: { ...process.env, ...input.env, ROLE: input.role, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    onLine: input.onLine && ((line) => input.onLine!(input.name, line)),
    nice: input.nice,
  });
  return { ...process_, role: input.role, baseUrl: `http://127.0.0.1:${port}`, dataDir };
}

function startCaddy(caddyfilePath: string, runDir: string, onLine: TopologyOptions['onLine']): RunningProcess {
  const home = path.join(runDir, 'caddy');
  fs.mkdirSync(home);
  return spawnProcess({
    name: 'caddy',
    command: process.env.CADDY ?? 'caddy',
    args: ['run', '--config', caddyfilePath, '--adapter', 'caddyfile'],
    // Caddy's own files (autosave, certificates it never needs here) stay in this run's folder.
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, XDG_DATA_HOME: home },
    onLine: onLine && ((line) => onLine('caddy', line)),
  });
}

function readMails(workers: ServerProcess[]): string[] {
  const files = workers.flatMap((worker) => {
    const dir = path.join(worker.dataDir, 'mail');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => ({ name, file: path.join(dir, name) })) : [];
  });
  // Each file's name starts with the time it was written.
  return files.sort((a, b) => a.name.localeCompare(b.name)).map(({ file }) => fs.readFileSync(file, 'utf8'));
}

function runNode(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawnProcess({ name: path.basename(script), command: process.execPath, args: [script, ...args], env });
  return child.exit.then(() => {
    if (child.exitCode() !== 0)
      throw new Error(`${path.basename(script)} ${args.join(' ')} failed:\n${child.output()}`);
    return child.output();
  });
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
