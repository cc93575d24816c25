import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import type { Config } from '../../config.js';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** FFMPEG_PATH / FFPROBE_PATH, else the programs on PATH. */
export function resolveMediaTools(config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>): MediaTools {
  return { ffmpeg: config.ffmpegPath ?? 'ffmpeg', ffprobe: config.ffprobePath ?? 'ffprobe' };
}

export const STDERR_TAIL_BYTES = 64 * 1024;
const MAX_COLLECTED_STDOUT = 4 * 1024 * 1024;

export interface RunOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Streams stdout chunk by chunk (audio never lands in memory whole). */
  onStdout?: (chunk: Buffer) => void;
  /** Keeps stdout (small outputs only, such as ffprobe's JSON; capped at 4 MiB). */
  collectStdout?: boolean;
  /** Runs at the lowest CPU priority (nice 19): it only gets what other work leaves. */
  lowPriority?: boolean;
}

export interface RunResult {
  stdout: string;
  /** The last 64 KiB of stderr: where ffmpeg puts its summaries and its reasons for failing. */
  stderrTail: string;
}

export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly exitCode: number | null,
  ) {
    super(message);
  }
}

let setprivPath: string | null | undefined;

/**
 * util-linux's setpriv, when it is there and knows --pdeathsig: the kernel then kills the tool as
 * soon as our process dies, even by SIGKILL, instead of leaving it to run on (and hold a core) alone.
 */
export function parentDeathWrapper(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  try {
    const help = execFileSync('setpriv', ['--help'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    setprivPath = help.includes('--pdeathsig') ? 'setpriv' : null;
  } catch {
    setprivPath = null;
  }
  return setprivPath;
}

/** The command that runs `binary`, wrapped so it dies with this process where the system allows. */
export function dyingWithParent(binary: string, args: string[]): { command: string; args: string[] } {
  const setpriv = parentDeathWrapper();
  return setpriv
    ? { command: setpriv, args: ['--pdeathsig', 'KILL', '--', binary, ...args] }
    : { command: binary, args };
}

/** setpriv's own answer when it cannot run the tool (the shell convention for "command not found"). */
const EXEC_FAILED = 127;

/** Runs ffmpeg or ffprobe; kills it on abort or timeout; rejects with the end of stderr on failure. */
export function runMediaTool(binary: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const command = dyingWithParent(binary, args);
    const child = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (options.lowPriority) lowerPriority(child.pid);
    const stderr = new TailBuffer(STDERR_TAIL_BYTES);
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stopReason: unknown;
    const stop = (reason: unknown) => {
      stopReason ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop(options.signal!.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = options.timeoutMs
      ? setTimeout(
          () =>
            stop(new MediaToolError(`${name(binary)} took longer than ${options.timeoutMs} ms.`, stderr.text(), null)),
          options.timeoutMs,
        )
      : undefined;

    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdout.on('data', (chunk: Buffer) => {
      try {
        options.onStdout?.(chunk);
      } catch (error) {
        stop(error);
      }
      if (options.collectStdout && stdoutBytes < MAX_COLLECTED_STDOUT) {
        stdout.push(chunk);
        stdoutBytes += chunk.length;
      }
    });
    child.on('error', (error) =>
      stop(new MediaToolError(`${name(binary)} could not start: ${error.message}`, '', null)),
    );
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (stopReason !== undefined) return reject(stopReason);
      if (code === EXEC_FAILED && command.command !== binary && stderr.text().startsWith('setpriv:')) {
        return reject(new MediaToolError(`${name(binary)} could not start: ${stderr.text().trim()}`, '', null));
      }
      if (code !== 0)
        return reject(new MediaToolError(failureMessage(binary, code, stderr.text()), stderr.text(), code));
      resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderrTail: stderr.text() });
    });
  });
}

/** Best effort: a system that refuses only loses the ordering, not the work. */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, os.constants.priority.PRIORITY_LOW);
  } catch {
    // The process may already be gone, or the system may not allow it.
  }
}

function name(binary: string): string {
  return binary.split('/').at(-1) ?? binary;
}

function failureMessage(binary: string, code: number | null, stderr: string): string {
  const lastLines = stderr.trim().split('\n').slice(-3).join(' | ');
  return `${name(binary)} exited with code ${code}: ${lastLines}`;
}

/** Keeps only the last `limit` bytes written to it. */
class TailBuffer {
  #chunks: Buffer[] = [];
  #bytes = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    while (this.#bytes - this.#chunks[0]!.length >= this.limit) this.#bytes -= this.#chunks.shift()!.length;
  }

  text(): string {
    const all = Buffer.concat(this.#chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}
