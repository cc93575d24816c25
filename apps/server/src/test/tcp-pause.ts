import net from 'node:net';
import { freePort } from './child-server.js';

export interface TcpPause {
  /** Where clients connect: forwards to the target while it answers. */
  port: number;
  /**
   * The target stops answering, as a hung S3 does (or one stopped with SIGSTOP): connections are still
   * accepted, but nothing goes through either way until resume().
   */
  pause(): void;
  /** Everything held goes through again, and new connections are forwarded at once. */
  resume(): void;
  close(): Promise<void>;
}

/** A TCP forwarder in front of a server (moto) that can make it stop answering without refusing anything. */
export async function startTcpPause(targetPort: number): Promise<TcpPause> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let paused = false;
  const held: net.Socket[] = [];
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const forward = (client: net.Socket) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.resume();
  };
  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    if (paused) held.push(client);
    else forward(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    pause() {
      paused = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      paused = false;
      for (const socket of sockets) socket.resume();
      for (const client of held.splice(0)) forward(client);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
