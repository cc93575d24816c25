import net from 'node:net';
import { freePort } from '../child-server.js';

export interface TcpSwitch {
  /** Where clients connect: forwards to the target while on. */
  port: number;
  /** Stops listening and cuts every open connection: clients get ECONNREFUSED, as from a stopped server. */
  off(): Promise<void>;
  /** Listens again on the same port. */
  on(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP forwarder in front of a server that keeps its state in memory (moto): switching it off is, to its
 * clients, the server stopping (connections refused, open ones reset), and on again the same server with
 * everything it held, as a real S3 has after an outage.
 */
export async function startTcpSwitch(targetPort: number): Promise<TcpSwitch> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const on = () =>
    new Promise<void>((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
      server = listening;
    });
  const off = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  await on();
  return { port, on, off, close: off };
}
