import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { freePort } from './child-server.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');

/**
 * The PostgreSQL server these tests share a database on. CI always has it; a run without it fails
 * (processes cannot share an embedded database), it is never skipped.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Compiles the server (incremental: quick when dist is current) and bundles its entry as `npm run build` does
 * (scripts/bundle.ts), so the processes run this code.
 */
export function buildServer(): void {
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', 'packages/shared', 'apps/server'], { cwd: repoRoot, stdio: 'pipe' });
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/scripts/bundle.ts')], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
}

/** A database of its own on the PostgreSQL server; drop() removes it. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hfm_proc_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export interface ServerProcess {
  role: string;
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  output(): string;
  /** Resolves when the process has exited (after a kill, a crash or a stop). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** `node apps/server/dist/main.js` with the given role and environment, once it answers /readyz. */
export async function startServerProcess(role: 'api' | 'worker' | 'all', env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [mainJs], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env, ROLE: role, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    role,
    child,
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${role} process exited early:\n${output}`);
    const ready = await fetch(`${server.baseUrl}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return server;
    if (Date.now() > deadline) throw new Error(`the ${role} process never became ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Child processes of `pid` running `command` (from /proc: Linux). */
export function childProcesses(pid: number, command: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat && stat.ppid === pid && stat.command === command && stat.state !== 'Z') found.push(Number(entry));
  }
  return found;
}

/** Whether a process runs (a zombie waiting to be reaped does not). */
export function isRunning(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== null && stat.state !== 'Z';
}

function readStat(pid: number): { command: string; state: string; ppid: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const [state, ppid] = text.slice(close + 2).split(' ');
    return { command: text.slice(text.indexOf('(') + 1, close), state: state!, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
