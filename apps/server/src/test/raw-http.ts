import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The app on a real loopback port (for tests that need real sockets and streamed bodies). */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

export interface StreamedPost {
  path: string;
  headers: Record<string, string>;
  /** Made lazily, so the test holds one chunk at a time and not the whole body. */
  body: Iterable<Buffer>;
}

/**
 * POSTs a body chunk by chunk and answers the status as soon as the server replies, even when the body
 * is not all sent yet (the rest is then dropped).
 */
export function streamPost(port: number, post: StreamedPost): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request({ host: '127.0.0.1', port, path: post.path, method: 'POST', headers: post.headers });
    request.on('response', (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = async () => {
      for (const chunk of post.body) {
        if (request.destroyed) return;
        if (!request.write(chunk)) {
          await new Promise((done) => {
            request.once('drain', done);
            request.once('close', done);
          });
        }
      }
      if (!request.destroyed) request.end();
    };
    void pump();
  });
}

const FILLER = Buffer.alloc(64 * 1024, 'a');

/** One multipart part of `size` bytes of filler, made chunk by chunk. */
export function* formPart(
  boundary: string,
  name: string,
  size: number,
  file?: { fileName: string; type: string },
): Generator<Buffer> {
  const disposition = `form-data; name="${name}"${file ? `; filename="${file.fileName}"` : ''}`;
  const type = file ? `\r\nContent-Type: ${file.type}` : '';
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`);
  for (let sent = 0; sent < size; sent += FILLER.length) yield FILLER.subarray(0, Math.min(FILLER.length, size - sent));
  yield Buffer.from('\r\n');
}

export function* formEnd(boundary: string): Generator<Buffer> {
  yield Buffer.from(`--${boundary}--\r\n`);
}
