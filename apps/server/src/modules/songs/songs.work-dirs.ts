import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JobLogger } from '../../platform/jobs/job-queue.js';
import { isProcessAlive } from '../../platform/process-alive.js';

/** `hfm-song-p{pid}-{songId}-XXXXXX`: the pid says whether the process that made it still lives. */
const WORK_DIR = /^hfm-song-p(\d+)-/;

/** A fresh folder for one transcode attempt, named after this process. */
export function songWorkDir(songId: string): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), `hfm-song-p${process.pid}-${songId}-`));
}

/**
 * Work folders left by processes that died mid-transcode (a song's worth of WAV and outputs each):
 * removed when a worker starts. A folder is left alone if its process still runs or it is newer than
 * this process (then it cannot be from a crash this start follows).
 */
export async function removeDeadWorkDirs(log: JobLogger, tmpDir = os.tmpdir()): Promise<string[]> {
  const startedAt = Date.now() - process.uptime() * 1000;
  const removed: string[] = [];
  for (const name of await fsp.readdir(tmpDir)) {
    const pid = Number(WORK_DIR.exec(name)?.[1]);
    if (!pid || pid === process.pid || isProcessAlive(pid)) continue;
    const dir = path.join(tmpDir, name);
    const stat = await fsp.stat(dir).catch(() => null);
    if (!stat?.isDirectory() || stat.mtimeMs >= startedAt) continue;
    await fsp.rm(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  if (removed.length) log.info({ removed }, 'removed work folders of transcodes that died');
  return removed;
}
