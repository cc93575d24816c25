import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import { isProcessAlive } from '../process-alive.js';

/**
 * Lock files that cannot wedge anything for good. A lock holds `host pid token`; its holder touches it
 * while it works (a heartbeat). A lock is stale, and the next taker removes it, when its holder is a
 * process of this machine that no longer runs (or this very process, which no longer holds it: a
 * restarted container reuses pids), or when nobody touched it for `ttlMs` (a holder on another machine
 * sharing the disk, or one that hangs).
 */
export interface HeldLock {
  release(): Promise<void>;
}

const HOST = os.hostname();
const heldHere = new Set<string>();

interface LockContent {
  host: string;
  pid: number;
  token: string;
}

function parse(text: string): LockContent | null {
  const [host, pid, token] = text.split(' ');
  if (!host || !pid || !token || !/^\d+$/.test(pid)) return null;
  return { host, pid: Number(pid), token };
}

/** True when the content names a holder that is gone. */
function holderIsGone(lock: LockContent): boolean {
  if (lock.host !== HOST) return false;
  if (lock.pid === process.pid) return !heldHere.has(lock.token);
  return !isProcessAlive(lock.pid);
}

/** The lock file's text when it is stale, null when it is live or absent. */
async function staleContent(file: string, ttlMs: number): Promise<string | null> {
  try {
    const [stats, text] = await Promise.all([fsp.stat(file), fsp.readFile(file, 'utf8')]);
    const lock = parse(text);
    if (Date.now() - stats.mtimeMs > ttlMs || !lock || holderIsGone(lock)) return text;
    return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether someone live holds the lock (a stale one counts as free). */
export async function isLockHeld(file: string, ttlMs: number): Promise<boolean> {
  try {
    await fsp.access(file);
  } catch {
    return false;
  }
  return (await staleContent(file, ttlMs)) === null;
}

/** Takes a stale lock away, unless someone replaced it meanwhile (then it is put back). */
async function removeStale(file: string, seen: string): Promise<void> {
  const aside = `${file}.${crypto.randomBytes(6).toString('hex')}.stale`;
  try {
    await fsp.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((await fsp.readFile(aside, 'utf8')) !== seen) await fsp.link(aside, file).catch(() => undefined);
  await fsp.rm(aside, { force: true });
}

/** Takes the lock, or answers null when someone live holds it. Throws ENOENT when the folder is gone. */
export async function tryLock(file: string, ttlMs: number): Promise<HeldLock | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const token = crypto.randomBytes(8).toString('hex');
    try {
      heldHere.add(token);
      await fsp.writeFile(file, `${HOST} ${process.pid} ${token}`, { flag: 'wx' });
      return holding(file, token, ttlMs);
    } catch (error) {
      heldHere.delete(token);
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const stale = await staleContent(file, ttlMs);
    if (stale === null && (await isLockHeld(file, ttlMs))) return null;
    if (stale !== null) await removeStale(file, stale);
  }
  return null;
}

function holding(file: string, token: string, ttlMs: number): HeldLock {
  const heartbeat = setInterval(
    () => {
      const now = new Date();
      fsp.utimes(file, now, now).catch(() => undefined);
    },
    Math.max(1000, Math.floor(ttlMs / 3)),
  );
  heartbeat.unref();
  return {
    async release() {
      clearInterval(heartbeat);
      heldHere.delete(token);
      const text = await fsp.readFile(file, 'utf8').catch(() => '');
      if (parse(text)?.token === token) await fsp.rm(file, { force: true });
    },
  };
}
