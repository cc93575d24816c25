import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStorage } from './storage.js';

export interface UploadSweeper {
  stop(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Aborts abandoned multipart uploads: once at start (which also clears what a crashed process left
 * behind), then every `intervalMs`. An upload counts as abandoned when untouched for `maxAgeMs`
 * (STALE_UPLOAD_DAYS, 7 days by default). On S3 the bucket's lifecycle rule does the same as a backstop.
 */
export function startUploadSweeper(
  storage: ObjectStorage,
  options: { maxAgeMs: number; intervalMs?: number; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
): UploadSweeper {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(async () => {
      try {
        const aborted = await storage.abortStaleUploads(new Date(Date.now() - options.maxAgeMs));
        if (aborted > 0) options.log.info({ aborted }, 'aborted stale multipart uploads');
      } catch (error) {
        options.log.warn({ err: error }, 'could not sweep stale multipart uploads');
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? HOUR_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
