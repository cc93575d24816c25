/**
 * Requests per second and the server's CPU time per request for a 12-song page
 * (`GET /api/songs/artist/{id}?limit=12`) from the built server, beside a bare Node HTTP server answering the
 * same page's bytes with and without the 1,000 waveform peaks per song, all in one run; after the change
 * also `GET /api/songs/{id}/peaks`.
 * Run: `npm run build && npm run bench:song-list -w @hfm/bench`. Results: bench/results/song-list-<engine>.json
 * (SONG_LIST_OUT names another file; E2E_DATABASE_URL runs it on PostgreSQL); summary in docs/performance.md ("Song list: before and after").
 */
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { makeWav } from '../apps/server/src/test/wav.ts';
import { startServer, type RunningServer } from '@hfm/test-support/server';

const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SONGS = 12;
const PEAKS_PER_SONG = 1000;
const ARTIST = 'artist@hfm.local';

type Song = { id: string; status: string; peaks?: number[] | null };

async function call<T>(server: RunningServer, cookie: string, url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    ...init,
    headers: { cookie, ...(init.body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: ARTIST, password: await server.demoPassword(ARTIST) }),
  });
  const cookie = response.headers.get('set-cookie');
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

/** Twelve short songs through the real upload and transcoder, so each has its real peaks. */
async function uploadSongs(server: RunningServer, cookie: string): Promise<string[]> {
  const wav = makeWav(3, { frequency: 330 });
  const ids: string[] = [];
  for (let index = 0; index < SONGS; index++) {
    const body = JSON.stringify({ title: `Bench song ${index + 1}`, releaseDate: '01/02/2026' });
    const song = await call<Song>(server, cookie, '/api/songs', { method: 'POST', body });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), `bench-${index}.wav`);
    await call(server, cookie, `/api/songs/upload/${song.id}`, { method: 'POST', body: form });
    ids.push(song.id);
  }
  for (const id of ids) {
    for (let tries = 0; ; tries++) {
      const song = await call<Song>(server, cookie, `/api/songs/${id}`);
      if (song.status === 'ready') break;
      if (song.status === 'failed' || tries > 300) throw new Error(`song ${id} did not become ready: ${song.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return ids;
}

/** The page as it looks with peaks on every item and with none, whichever the server answers today. */
function bothBodies(page: { items: Song[] }): { withPeaks: string; withoutPeaks: string } {
  const peaks = Array.from(
    { length: PEAKS_PER_SONG },
    (_, index) => Math.round(Math.abs(Math.sin(index)) * 1000) / 1000,
  );
  const strip = ({ peaks: _peaks, ...item }: Song) => item;
  return {
    withPeaks: JSON.stringify({ ...page, items: page.items.map((item) => ({ ...item, peaks: item.peaks ?? peaks })) }),
    withoutPeaks: JSON.stringify({ ...page, items: page.items.map(strip) }),
  };
}

/** A bare Node HTTP server in its own process answering one fixed body: the ceiling for these bytes. */
async function bareServer(body: string): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-bare-')), 'body.json');
  fs.writeFileSync(file, body);
  const script = `
    const body = require('node:fs').readFileSync(process.argv[1]);
    const server = require('node:http').createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [port] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${port.toString().trim()}/`,
    pid: child.pid!,
    close: async () => {
      child.kill();
      await once(child, 'exit');
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system) the process has used so far, in milliseconds; Linux clock ticks are 10 ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One autocannon run. The machine is shared, so requests/s moves with other work; the CPU the answering
 * process spends per request does not, and is the figure to compare.
 */
async function run(url: string, pid: number, cookie?: string) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: cookie ? { cookie } : {},
  });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    cpuMsPerRequest: Math.round(((cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total)) * 100) / 100,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

const server = await startServer({ RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'warn' });
try {
  const cookie = await signIn(server);
  const profile = await call<{ artist: { id: string } }>(server, cookie, '/api/users/session/profile');
  const ids = await uploadSongs(server, cookie);
  const pageUrl = `/api/songs/artist/${profile.artist.id}?page=1&limit=${SONGS}`;
  const page = await call<{ items: Song[] }>(server, cookie, pageUrl);
  const listCarriesPeaks = page.items.some((item) => Array.isArray(item.peaks));
  const bodies = bothBodies(page);

  const engine = process.env.E2E_DATABASE_URL ? 'postgres' : 'pglite';
  const results: Record<string, unknown> = {
    engine,
    listCarriesPeaks,
    connections: CONNECTIONS,
    seconds: DURATION_SECONDS,
  };
  results.server = await run(`${server.baseUrl}${pageUrl}`, server.pid, cookie);
  for (const [name, body] of Object.entries(bodies)) {
    const bare = await bareServer(body);
    try {
      results[`bare ${name}`] = { bodyBytes: Buffer.byteLength(body), ...(await run(bare.url, bare.pid)) };
    } finally {
      await bare.close();
    }
  }
  const peaksAnswer = await fetch(`${server.baseUrl}/api/songs/${ids[0]}/peaks`, { headers: { cookie } });
  if (peaksAnswer.ok) results.peaks = await run(`${server.baseUrl}/api/songs/${ids[0]}/peaks`, server.pid, cookie);

  fs.mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  const out = process.env.SONG_LIST_OUT ?? `song-list-${engine}.json`;
  fs.writeFileSync(new URL(`./results/${out}`, import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
} finally {
  await server.stop();
}
