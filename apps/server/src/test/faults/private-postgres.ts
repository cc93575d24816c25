import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../child-server.js';

const run = promisify(execFile);
/** Debian's PostgreSQL 15 binaries (PG_BIN names another folder). */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  url: string;
  port: number;
  /** pg_ctl stop -m fast: sessions are ended, the server is gone until start(). */
  stop(): Promise<void>;
  /** The same data folder and port again. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own (initdb in a temp folder, trust auth, loopback, a free port), so a
 * test may stop and start it; the machine's shared server is never touched. PostgreSQL refuses to run as
 * root, so as root the folder is handed to the `postgres` user and pg_ctl runs as that user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-faults-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, tool), ...args])
      : run(path.join(PG_BIN, tool), args);
  if (asRoot) await run('chown', ['postgres', dir]);
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const pgCtl = (args: string[]) => exec('pg_ctl', ['-D', dataDir, '-w', '-t', '60', ...args]);
  const start = async () => {
    await pgCtl(['-o', options, '-l', path.join(dir, 'log'), 'start']);
  };
  const stop = async () => {
    await pgCtl(['-m', 'fast', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
