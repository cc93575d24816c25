import { audioFileProblem as audioHeaderProblem } from '@hfm/shared';
import { ApiError } from '../../api/client';

/** Why a file did not become a song, in words for a musician, and whether sending it again can work. */
export interface UploadFailure {
  reason: string;
  retryable: boolean;
}

const CONNECTION_DROPPED = 'The connection dropped while sending this file. Retry sends the rest.';
const BUSY = 'HFM could not take this file just now. Please retry in a moment.';

/**
 * A refusal by the server (a bad file, no room left in the quota, a file too large) stays a refusal
 * whatever is retried; a dropped connection or a server that was briefly away can be retried.
 */
export function uploadFailure(error: unknown): UploadFailure {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return { reason: error.message, retryable: true };
    if (error.status >= 500 || error.status === 408 || error.status === 429) {
      return { reason: error.status === 503 ? error.message : BUSY, retryable: true };
    }
    return { reason: error.fields.file ?? error.message, retryable: false };
  }
  return { reason: CONNECTION_DROPPED, retryable: true };
}

/**
 * The header read in the browser, by the server's own rule (WAV, FLAC, AIFF or ALAC, never lossy, within
 * the limits): the reason to refuse it now, or null.
 */
export function audioFileProblem(file: File, maxSeconds: number): Promise<string | null> {
  const read = (position: number, length: number) => readBytes(file.slice(position, position + length));
  return audioHeaderProblem({ size: file.size, read }, file.name, { maxSeconds });
}

/** FileReader rather than Blob.arrayBuffer: the same answer, and the test DOM (jsdom) has only this one. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}
