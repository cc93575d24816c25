import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

/**
 * stripe-stateful-mock (a devDependency): a Stripe-compatible server on loopback, in its own process, that the
 * official SDK talks to over HTTP. What it does not implement is listed in docs/payments.md ("What the mock
 * server does not cover"). Not being able to start it is a test failure, never a skip.
 */
export interface StripeMockServer {
  host: string;
  port: number;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startStripeMock(): Promise<StripeMockServer> {
  // The package's own start script listens on every interface; this one keeps it on loopback.
  const entry = createRequire(import.meta.url).resolve('stripe-stateful-mock');
  const script = [
    `const log = require('loglevel'); log.setLevel('silent');`,
    `require(${JSON.stringify(entry)}).createExpressApp().listen(Number(process.env.PORT), '127.0.0.1');`,
  ].join(' ');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', script], {
    cwd: path.dirname(entry),
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: 'ignore',
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`Cannot start stripe-stateful-mock: ${error.message}`)));
    child.once('exit', (code) =>
      reject(new Error(`stripe-stateful-mock exited with ${String(code)} before answering`)),
    );
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const answered = await fetch(`${endpoint}/`).then(
        () => true,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`stripe-stateful-mock did not answer on ${endpoint}`);
  })();
  failed.catch(() => undefined);
  try {
    await Promise.race([ready, failed]);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  child.removeAllListeners('exit');
  return { host: '127.0.0.1', port, stop: () => child.kill('SIGTERM') };
}
