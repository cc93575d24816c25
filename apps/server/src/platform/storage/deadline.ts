import { messages } from '@hfm/shared';
import { AppError } from '../../errors/app-error.js';

/**
 * How long one storage call may take in all, the SDK's retries and back-off included (decision 0046's
 * sibling in docs/operations.md, "Faults and recovery"): a store that stops answering costs a request a few
 * seconds and a clear 503, not the SDK's 60 s idle timeout times its attempts.
 */
export const STORAGE_DEADLINES_MS = {
  /** A head, a list, a presign, starting or aborting an upload, a delete. */
  call: 5_000,
  /** Opening an object to read (until its headers; the body then streams under the socket's idle timeout). */
  open: 10_000,
  /** Completing a multipart upload: S3 may take a while to join a large object's parts. */
  complete: 60_000,
  /** Writing an object (a transcode's output), however large. */
  stream: 15 * 60_000,
};

export type StorageDeadlines = typeof STORAGE_DEADLINES_MS;

export const storageNotAnswering = (cause?: unknown) => {
  const error = new AppError('UNAVAILABLE', messages.storageNotAnswering);
  if (cause !== undefined) error.cause = cause;
  return error;
};

/**
 * Runs `call` with a signal that aborts after `ms`, and answers the storage-not-answering 503 at the
 * deadline whether or not the call heeds its signal (a hung socket, a back-off between retries).
 */
export async function withDeadline<T>(
  ms: number,
  call: (signal: AbortSignal) => Promise<T>,
  onTimeout?: () => void,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      onTimeout?.();
      reject(storageNotAnswering());
    }, ms);
  });
  const running = call(controller.signal);
  // The call's own rejection after the deadline (its abort) is expected: not an unhandled one.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, deadline]);
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof AppError)) throw storageNotAnswering(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
