import fsp from 'node:fs/promises';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Streams a body into `file` at `offset` in one pass: chunks that arrive while a write is under way are
 * written together with one `pwritev`, and the byte count is checked as they come (more than `max`
 * bytes fails with `tooLong()` before they are written). No hashing, no intermediate stream, no copy.
 * Answers the number of bytes written.
 */
export async function writeBodyAt(
  file: string,
  offset: number,
  body: Readable,
  limits: { max: number; tooLong: () => Error; signal: AbortSignal },
): Promise<number> {
  const handle = await fsp.open(file, 'r+');
  let position = offset;
  const writeAll = async (buffers: Buffer[]) => {
    const size = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    if (position + size - offset > limits.max) throw limits.tooLong();
    let pending = buffers;
    for (let left = size; left > 0;) {
      const { bytesWritten } = await handle.writev(pending, position);
      position += bytesWritten;
      left -= bytesWritten;
      if (left > 0) pending = [Buffer.concat(pending).subarray(bytesWritten)];
    }
  };
  const sink = new Writable({
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      writeAll([chunk]).then(() => callback(), callback);
    },
    writev(chunks, callback) {
      writeAll(chunks.map(({ chunk }) => chunk as Buffer)).then(() => callback(), callback);
    },
  });
  try {
    await pipeline(body, sink, { signal: limits.signal });
    return position - offset;
  } finally {
    await handle.close();
  }
}
