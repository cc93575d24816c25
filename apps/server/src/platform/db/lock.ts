import fs from 'node:fs';
import { isProcessAlive } from '../process-alive.js';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database is in use by another HFM process (pid ${pid}). ` +
        `Stop that process first, or point DATABASE_URL at a PostgreSQL server to share one database.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * PGlite's files belong to one process at a time. A lock file holding our pid keeps a second
 * process (the CLI while the server runs, or a second server) from opening and corrupting them.
 */
export function acquireDataDirLock(lockFile: string): DataDirLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone.
        }
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid))
        throw new DataDirLockedError(lockFile, pid);
      fs.rmSync(lockFile, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}
