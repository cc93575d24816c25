import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { claimFile, freePort } from '../../deploy/processes.ts';
import { startProductionTopology } from './production-topology.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  /** The server process, for benchmarks that read its CPU time. */
  pid: number;
  dataDir: string;
  /** Set when the server runs on PostgreSQL (E2E_DATABASE_URL). */
  databaseUrl: string | undefined;
  /** The demo accounts' password for an email: printed on the first embedded start, or made with the CLI. */
  demoPassword(email: string): Promise<string>;
  output(): string;
  /** Mail files written so far, newest last. */
  mails(): string[];
  /** The code in the newest mail to this address, waiting for it: mail goes out from a job. */
  mailedCode(email: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The template's DATA_DIR for one server: the database copied (it is written in place), the stored objects
 * hard-linked (a gigabyte of demo downloads; the local store never writes into an object's file, it writes a
 * new file and renames it, and deleting one unlinks only this server's name). The `.type` files beside them
 * are written in place, so they are copied.
 */
function copyTemplate(from: string, to: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.name === 'storage' && entry.isDirectory()) linkTree(source, target);
    else fs.cpSync(source, target, { recursive: true });
  }
}

function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.name.endsWith('.type')) fs.copyFileSync(source, target);
    else fs.linkSync(source, target);
  }
}

/** A port nobody listens on now, and none other of this run's files was given (deploy/processes.ts). */
export { freePort };

/**
 * The built product as `npm start` runs it, on a free port with a fresh DATA_DIR; with E2E_TOPOLOGY=prod, the
 * production topology instead (deploy/topology.ts: two API processes and two workers behind Caddy, on a fresh
 * PostgreSQL database and S3 bucket).
 *
 * In a browser test run (E2E_SEEDED_TEMPLATE_DIR, set by global-setup.ts) the first start, which makes the demo
 * accounts and catalogue (most of a start: half a minute idle, minutes busy), runs once: its DATA_DIR, stopped,
 * is the template every later embedded start copies, so each test file still gets a product of its own in the
 * state a first start leaves.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (process.env.E2E_TOPOLOGY === 'prod') return startProductionTopology(env);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-e2e-'));
  const database = await createE2eDatabase();
  const template = !database && seedsLikeTheTemplate(env) ? await seededTemplate() : undefined;
  if (template) copyTemplate(template.dataDir, dataDir);
  const child = await spawnServer(port, dataDir, {
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const { baseUrl, output } = child;
  const mailDir = path.join(dataDir, 'mail');
  const readMailDir = () =>
    fs.existsSync(mailDir)
      ? fs
          .readdirSync(mailDir)
          .sort()
          .map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8'))
      : [];
  let seedOutput: string | undefined;
  const childEnv = { ...process.env, DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
  return {
    baseUrl,
    pid: child.process.pid!,
    dataDir,
    databaseUrl: database?.url,
    async demoPassword(email: string) {
      // On PostgreSQL the server seeds nothing itself: the CLI makes what the first embedded start makes.
      if (database && seedOutput === undefined) {
        seedOutput = await runCli(['seed-demo', '--artists', '24', '--songs', '120', '--artwork'], childEnv);
      }
      // A copy of the template was seeded by the template's first start, which printed the passwords.
      const password =
        demoPasswordIn(output(), email) ??
        demoPasswordIn(seedOutput ?? '', email) ??
        demoPasswordIn(template?.output ?? '', email);
      if (!password) throw new Error(`no demo password for ${email}`);
      return password;
    },
    output,
    mails: readMailDir,
    mailedCode: (email: string) => waitForMailedCode(readMailDir, email),
    async stop() {
      await child.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

interface ServerProcess {
  process: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** `node apps/server/dist/main.js` on this port and DATA_DIR, once it answers /readyz. */
async function spawnServer(port: number, dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  // A guard against a hung start, not a performance expectation: the first start seeds the demo catalogue,
  // which takes half a minute on an idle machine and several on a busy one.
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { process: child, baseUrl, output: () => output, stop };
}

/** Settings that leave a first start's data as the template's (anything else starts from nothing). */
function seedsLikeTheTemplate(env: Record<string, string>): boolean {
  // The release sweep's timings change no seed, nor does where the built web app is read from.
  return Object.keys(env).every(
    (name) =>
      name === 'PORT' ||
      name === 'LOG_LEVEL' ||
      name === 'RATE_LIMIT_MAX' ||
      name === 'WEB_DIST_DIR' ||
      name.startsWith('RELEASE_'),
  );
}

/**
 * The DATA_DIR a first start left (stopped), and what that start printed; made by the first test file that
 * asks. The files run two at a time: the one that claims `making` (an exclusive create) makes the template aside
 * and renames it into place, then gives up the claim; another asking meanwhile waits for the claim to go and
 * then finds the template (or, if the maker failed, claims and makes it itself).
 */
async function seededTemplate(): Promise<{ dataDir: string; output: string } | undefined> {
  const root = process.env.E2E_SEEDED_TEMPLATE_DIR;
  if (!root) return undefined;
  const done = path.join(root, 'seeded');
  const claim = path.join(root, 'making');
  while (!fs.existsSync(done)) {
    if (claimFile(claim)) {
      try {
        const making = fs.mkdtempSync(path.join(root, 'making-'));
        fs.mkdirSync(path.join(making, 'data'));
        const server = await spawnServer(await freePort(), path.join(making, 'data'), {});
        await server.stop();
        fs.writeFileSync(path.join(making, 'output.txt'), server.output());
        fs.renameSync(making, done);
      } finally {
        fs.rmSync(claim, { force: true });
      }
    } else {
      // Waiting on another file's first start (half a minute idle, minutes busy); the hook timeout guards a hang.
      while (fs.existsSync(claim)) await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { dataDir: path.join(done, 'data'), output: fs.readFileSync(path.join(done, 'output.txt'), 'utf8') };
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/cli.js'), ...args], {
      cwd: repoRoot,
      env,
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`cli ${args.join(' ')}: ${text}`))));
  });
}

/** With E2E_DATABASE_URL set, each server gets a fresh PostgreSQL database of its own. */
async function createE2eDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `hfm_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/** The code in the newest mail to this address, waiting for it: mail goes out from a job. */
export async function waitForMailedCode(mails: () => string[], email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return codeFromMail(mails(), email);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The password the seed printed for a demo email (`email (password ...)` or the first start's table). */
export function demoPasswordIn(output: string, email: string): string | undefined {
  const escaped = email.replace(/[.@]/g, (c) => `\\${c}`);
  const match =
    new RegExp(`${escaped} \\(password (\\S+)\\)`).exec(output) ?? new RegExp(`${escaped}\\s+(\\S+)\\s`).exec(output);
  return match?.[1];
}

/** The six-digit code in the newest mail to this address. */
export function codeFromMail(mails: string[], email: string): string {
  const mail = [...mails].reverse().find((text) => text.toLowerCase().includes(`to: ${email.toLowerCase()}`));
  if (!mail) throw new Error(`no mail to ${email}`);
  const decoded = mail.replace(/=\r?\n/g, '');
  const match = /\b(\d{6})\b/.exec(
    decoded
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  );
  if (!match) throw new Error(`no code in mail to ${email}`);
  return match[1]!;
}
