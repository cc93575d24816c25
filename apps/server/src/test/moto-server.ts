import { freePort, startChildServer } from './child-server.js';

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

export async function startMoto(): Promise<MotoServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = await startChildServer({
    name: MOTO,
    command: MOTO,
    args: ['-H', '127.0.0.1', '-p', String(port)],
    readyUrl: `${endpoint}/moto-api/`,
    installHint: 'pip install "moto[server]"',
  });
  return { endpoint, stop };
}
