import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The most output kept per process (the newest): enough for an error, bounded for a long run. */
const OUTPUT_LIMIT = 1024 * 1024;

export interface RunningProcess {
  /** Its name in logs and errors, e.g. "api-1". */
  name: string;
  pid: number;
  /** Its stdout and stderr so far (the newest megabyte). */
  output(): string;
  /** Whether it has exited (a crash, a kill or a stop). */
  exited(): boolean;
  /** Its exit code once exited (null after a signal or before). */
  exitCode(): number | null;
  /** Resolves once it has exited. */
  exit: Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnInput {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Each line of its output as it comes (prod:local prints them; tests keep them). */
  onLine?: (line: string) => void;
  /** A lower CPU priority (a nice value, 1-19) for it and the processes it starts (ffmpeg). */
  nice?: number;
}

/** Starts a process whose output is kept (and passed on line by line) and that can be stopped cleanly. */
export function spawnProcess(input: SpawnInput): RunningProcess {
  const child: ChildProcess = spawn(...launcher(input), {
    cwd: input.cwd,
    env: input.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-OUTPUT_LIMIT);
    if (!input.onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop()!;
    for (const line of lines) input.onLine(line);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let done = false;
  const exit = new Promise<void>((resolve) => {
    const finish = () => {
      done = true;
      resolve();
    };
    child.once('exit', finish);
    child.once('error', (error) => {
      output += `\n${input.command}: ${error.message}\n`;
      finish();
    });
  });
  return {
    name: input.name,
    pid: child.pid ?? -1,
    output: () => output,
    exited: () => done,
    exitCode: () => child.exitCode,
    exit,
    async stop(graceMs = 20_000) {
      if (done) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(killer);
    },
  };
}

/**
 * The command line that starts `input`: through util-linux's setpriv, which asks Linux to send it SIGTERM when
 * this process dies, even by `kill -9` (nothing it started is left behind), and coreutils' nice for a lower
 * priority. Both exec the command, so it never runs a moment without them. Off Linux, the command itself.
 */
function launcher(input: SpawnInput): [string, string[]] {
  if (process.platform !== 'linux') return [input.command, input.args];
  const niced = input.nice ? ['nice', '-n', String(input.nice)] : [];
  return ['setpriv', ['--pdeathsig', 'TERM', '--', ...niced, input.command, ...input.args]];
}

/**
 * A port on loopback that nothing listens on now. With PORT_RESERVATIONS_DIR set (the browser tests set it for
 * their run, whose files run two at a time), it is also a port no other process of that run has been given:
 * each port handed out is claimed by creating a file named after it there (an exclusive create, so of two
 * processes that find the same port at once exactly one gets it; the other asks the kernel again).
 */
export async function freePort(): Promise<number> {
  const reservations = process.env.PORT_RESERVATIONS_DIR;
  for (;;) {
    const port = await unusedPort();
    if (!reservations || claimFile(path.join(reservations, String(port)))) return port;
  }
}

/** Creates `file` holding this process's pid; false when it exists already (another process claimed it). */
export function claimFile(file: string): boolean {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Polls `url` until it answers 200 (or any answer with `anyAnswer`). `deadlineMs` guards against a hang only:
 * a busy machine starts things slowly, never wrongly. Fails at once when `process` has exited.
 */
export async function waitUntilAnswering(
  url: string,
  process: RunningProcess,
  { deadlineMs = 120_000, anyAnswer = false } = {},
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (process.exited()) throw new Error(`${process.name} exited before answering ${url}:\n${process.output()}`);
    const answered = await fetch(url).then(
      (response) => anyAnswer || response.ok,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`${process.name} did not answer ${url}:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
