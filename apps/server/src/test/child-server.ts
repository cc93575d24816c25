import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

/** A port on loopback that nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ChildServerOptions {
  /** Named in errors, e.g. "moto_server". */
  name: string;
  command: string;
  args: string[];
  options?: SpawnOptions;
  /** Answers any HTTP response once the server is up. */
  readyUrl: string;
  /** Said when the command cannot be started, e.g. how to install it. */
  installHint?: string;
}

/**
 * Starts a real server in its own process and waits until it answers HTTP (a hang guard of 30 s, polled,
 * never a fixed sleep). Not starting is an error, never a skip. Answers the function that stops it.
 */
export async function startChildServer(input: ChildServerOptions): Promise<() => void> {
  const child: ChildProcess = spawn(input.command, input.args, { stdio: 'ignore', ...input.options });
  const hint = input.installHint ? ` (${input.installHint})` : '';
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`Cannot start ${input.name}${hint}: ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`${input.name} exited with ${String(code)} before answering`)));
  });
  failed.catch(() => undefined);
  try {
    await Promise.race([waitForAnswer(input.name, input.readyUrl), failed]);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  child.removeAllListeners('exit');
  return () => child.kill('SIGTERM');
}

async function waitForAnswer(name: string, url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer on ${url}`);
}
