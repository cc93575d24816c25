import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort, startChildServer } from './child-server.js';

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

export async function startStripeMock(): Promise<StripeMockServer> {
  // The package's own start script listens on every interface; this one keeps it on loopback.
  const entry = createRequire(import.meta.url).resolve('stripe-stateful-mock');
  const script = [
    `const log = require('loglevel'); log.setLevel('silent');`,
    `require(${JSON.stringify(entry)}).createExpressApp().listen(Number(process.env.PORT), '127.0.0.1');`,
  ].join(' ');
  const port = await freePort();
  const stop = await startChildServer({
    name: 'stripe-stateful-mock',
    command: process.execPath,
    args: ['-e', script],
    options: { cwd: path.dirname(entry), env: { PATH: process.env.PATH ?? '', PORT: String(port) } },
    readyUrl: `http://127.0.0.1:${port}/`,
  });
  return { host: '127.0.0.1', port, stop };
}
