import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImageDataUrl } from './test/factories.js';
import {
  buildServer,
  createScratchDatabase,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './test/server-process.js';

/**
 * The built server (`dist/main.js`, bundled by scripts/bundle.ts) loads some libraries on first use rather
 * than at start (docs/decisions/0062): the password hasher, the mailer, the image library. Each route that
 * needs one works from a process that has just started, and still refuses bad input as before. Not timed.
 */
describe('a cold process loads what a route needs on first use', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    buildServer();
    database = await createScratchDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-cold-'));
    // ROLE=all: the confirmation mail is written by this process's own job worker.
    server = await startServerProcess('all', { DATABASE_URL: database.url, DATA_DIR: dataDir });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, body: object, cookie?: string) =>
    fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  /** The six-digit code in the newest mail written to DATA_DIR/mail for this address. */
  function mailedCode(email: string): string | null {
    const mailDir = path.join(dataDir, 'mail');
    if (!fs.existsSync(mailDir)) return null;
    const mail = fs
      .readdirSync(mailDir)
      .sort()
      .map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8').replace(/=\r?\n/g, ''))
      .reverse()
      .find((text) => text.toLowerCase().includes(`to: ${email}`));
    return mail
      ? (/\b(\d{6})\b/.exec(
          mail
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join('\n'),
        )?.[1] ?? null)
      : null;
  }

  it('signs up (hash, mail), signs in (verify) and takes a profile image (sharp), refusing what it refused', async () => {
    const password = 'Cold-Start-2026!';
    const email = 'cold.fan@example.com';
    // The first password work of the process: an unknown address is refused as a wrong password is.
    const unknown = await post('/api/auth', { userName: 'nobody@example.com', password });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');

    const created = await post('/api/users/create', {
      firstName: 'Cold',
      lastName: 'Fan',
      email,
      password,
      confirmPassword: password,
      dob: '01/02/1990',
      gender: 'PREFER NOT TO SAY',
      role: 'subscriber',
    });
    expect(created.status).toBeLessThan(300);
    const code = await waitFor(
      () => mailedCode(email),
      (found) => found !== null,
      60_000,
    );
    expect((await post('/api/auth/confirm-user', { email, code })).status).toBeLessThan(300);
    const signedIn = await post('/api/auth', { userName: email, password });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const { user } = (await signedIn.json()) as { user: { id: string } };

    const gif = await post(
      `/api/profile-image/upload/${user.id}`,
      { imageData: await makeImageDataUrl('gif') },
      cookie,
    );
    expect(gif.status).toBe(415);
    const png = await post(`/api/profile-image/upload/${user.id}`, { imageData: await makeImageDataUrl() }, cookie);
    expect(png.status).toBe(200);
    const { path: imagePath } = (await png.json()) as { path: string };
    const image = await fetch(`${server.baseUrl}${imagePath}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  }, 120_000);
});
