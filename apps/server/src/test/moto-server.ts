import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * moto's S3-compatible server on loopback (`pip install "moto[server]"`, command `moto_server`; MOTO_SERVER
 * names another command). It implements multipart uploads, ListParts, ListMultipartUploads and S3's
 * InvalidPart checks. Not being able to start it is a test failure, never a skip: .ci/run installs it.
 */
const MOTO = process.env.MOTO_SERVER ?? 'moto_server';

export interface MotoServer {
  endpoint: string;
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

export async function startMoto(): Promise<MotoServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`Cannot start ${MOTO} (pip install "moto[server]"): ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`${MOTO} exited with ${String(code)} before answering`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const answered = await fetch(`${endpoint}/moto-api/`).then(
        () => true,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${MOTO} did not answer on ${endpoint}`);
  })();
  failed.catch(() => undefined);
  try {
    await Promise.race([ready, failed]);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  child.removeAllListeners('exit');
  return { endpoint, stop: () => child.kill('SIGTERM') };
}
