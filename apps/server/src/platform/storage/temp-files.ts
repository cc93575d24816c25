import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../process-alive.js';

/** A temp file whose writer is gone is left over once it is this old, even from another machine. */
const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;
const HOST_TAG = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
const TEMP_NAME = /^([0-9a-f]{8})\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/**
 * Temp files for objects being written, all in one folder on the store's own disk (so the finished
 * file is renamed into place). Each name carries its writer's machine and pid, so the files a crashed
 * process left behind can be found with one directory read and removed at the next start.
 */
export function createTempFiles(dir: string) {
  return {
    async create(): Promise<string> {
      await fsp.mkdir(dir, { recursive: true });
      return path.join(dir, `${HOST_TAG}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    },

    /** Removes the temp files of writers that no longer run here, and any older than a day. */
    async removeLeftovers(): Promise<number> {
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const match = TEMP_NAME.exec(name);
        const file = path.join(dir, name);
        const stats = await fsp.stat(file).catch(() => null);
        if (!stats) continue;
        const writerGone =
          match?.[1] === HOST_TAG && Number(match[2]) !== process.pid && !isProcessAlive(Number(match[2]));
        if (writerGone || Date.now() - stats.mtimeMs > LEFTOVER_AGE_MS) {
          await fsp.rm(file, { force: true, recursive: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
