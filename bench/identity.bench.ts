/**
 * Sign-in and profile requests per second and p99 latency at 50 concurrent connections, against the
 * built server on the embedded database and on PostgreSQL. Run: `npm run bench` (after `npm run build`).
 * Results: bench/results/identity-<engine>.json; summary in docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { startServer, waitForMailedCode, type RunningServer } from '@hfm/test-support/server';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PASSWORD = 'Bench-Run-2025!';

async function createFan(server: RunningServer, email: string): Promise<void> {
  const signUp = await fetch(`${server.baseUrl}/api/users/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Fan',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      dob: '01/02/1990',
      gender: 'PREFER NOT TO SAY',
      role: 'subscriber',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const code = await waitForMailedCode(() => server.mails(), email);
  const confirm = await fetch(`${server.baseUrl}/api/auth/confirm-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  if (!confirm.ok) throw new Error(`confirm failed: ${confirm.status}`);
}

async function signIn(server: RunningServer, email: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: email, password: PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie');
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

function summarise(result: autocannon.Result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

async function measure(engine: 'pglite' | 'postgres') {
  const server = await startServer({
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
  });
  try {
    const email = `bench-${Date.now()}@example.com`;
    await createFan(server, email);
    const cookie = await signIn(server, email);
    const signInRun = await autocannon({
      url: `${server.baseUrl}/api/auth`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: email, password: PASSWORD }),
    });
    const profileRun = await autocannon({
      url: `${server.baseUrl}/api/users/session/profile`,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      headers: { cookie },
    });
    const result = {
      engine,
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30) },
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      signIn: summarise(signInRun),
      profile: summarise(profileRun),
    };
    fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
    fs.writeFileSync(
      new URL(`./results/identity-${engine}.json`, import.meta.url),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
for (const engine of engines) {
  if (engine === 'postgres') process.env.E2E_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  else delete process.env.E2E_DATABASE_URL;
  await measure(engine);
}
