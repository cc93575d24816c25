import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { listen } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Opens a raw socket, writes `text`, and answers everything the server sent once it closes the socket. */
function sendAndWaitForClose(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const received: Buffer[] = [];
    socket.on('data', (data) => received.push(data));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')));
  });
}

describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '1' });
    port = await listen(t.app);
  });
  afterAll(async () => t.close());

  it('closes a connection whose body never finishes', async () => {
    const head = [
      'POST /api/auth HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'Content-Length: 1000',
      '',
      '',
    ].join('\r\n');
    const answer = await sendAndWaitForClose(port, `${head}{"userName":"half`);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it('closes a connection whose headers never finish', async () => {
    const answer = await sendAndWaitForClose(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it('closes a connection that never says anything', async () => {
    expect(await sendAndWaitForClose(port, '')).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it('defaults to five minutes for a request and 30 s for its headers', () => {
    expect(loadConfig({}).timeouts).toEqual({ requestMs: 300_000, headersMs: 30_000 });
  });
});
