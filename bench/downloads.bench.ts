/**
 * Download throughput (MB/s, downloads per second, p95) for a subscriber, against the built app on PGlite and
 * on PostgreSQL, each beside a bare baseline in the same run (`downloads-bare.ts`: node:http streaming the same
 * stored files, the same bytes from the same storage folder, read with Node's defaults):
 *
 * | measure | ours | bare |
 * | --- | --- | --- |
 * | song | `GET /api/songs/{id}/download?format=flac` (session; then one statement: the song, its artist, access and keep, the download recorded: 2 statements), then that URL's whole file | the same file, one GET: no API call, no session, access, signature or record |
 * | song, signed URL only | one signed URL fetched again and again (the media route: token, stat, stream) | the same file |
 * | album zip | `GET /api/albums/{id}/download?format=flac`, the zip streamed (STORED entries, CRC-32 of every byte) | the album's files one after another: the same file bytes without the zip's headers (about 1 KB) and without a CRC |
 *
 * The demo catalogue (`seed-demo`, real generated audio through the real pipeline) gives the songs and album,
 * their files made 5-minute FLACs (see enlargeAlbumFiles); a fan signs
 * up, saves the 4242 card and subscribes to the album's artist through the API. The client keeps
 * BENCH_CONNECTIONS (10) downloads in flight over keep-alive node:http connections and reads every byte;
 * rounds alternate ours and bare; each run is sized from a warm-up to about BENCH_SECONDS (10).
 * Temp folder and database are removed at the end. Run after `npm run build`: `npm run bench:downloads -w
 * @hfm/bench`. Results: bench/results/downloads-<engine>.json (BENCH_OUT_SUFFIX appended). Knobs:
 * BENCH_ENGINES (pglite,postgres), BENCH_ROUNDS (3), BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_SONG_SECONDS (300; 0
 * keeps the demo's short clips), BENCH_MEASURES (song,signedUrl,albumZip).
 */
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cpuMs,
  createPlace,
  freePort,
  loadAverage,
  round,
  saveCard,
  seedCatalogue,
  signUpFan,
  startApp,
  withDatabase,
  writeResult,
  type BenchPlace,
  type Engine,
} from './bench-kit.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean) as Engine[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SONG_SECONDS = Number(process.env.BENCH_SONG_SECONDS ?? 300);
const bareFile = fileURLToPath(new URL('./downloads-bare.ts', import.meta.url));

interface Got {
  status: number;
  body: Buffer | null;
  bytes: number;
}

/** One GET over the agent; the body is kept only when asked (the JSON answer), otherwise counted. */
function get(agent: http.Agent, url: string, headers: Record<string, string>, keep = false): Promise<Got> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({ status: response.statusCode!, body: keep ? Buffer.concat(chunks) : null, bytes }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** One download: the bytes it brought, or an error when an answer was not what a download answers. */
type Download = (agent: http.Agent) => Promise<number>;

interface RunStats {
  downloads: number;
  seconds: number;
  downloadsPerSecond: number;
  megabytesPerSecond: number;
  bytesPerDownload: number;
  latencyMs: { p50: number; p95: number; p99: number };
  errors: number;
  cpuMsPerDownload: number;
  loadAverage: { before: number[]; after: number[] };
}

async function run(download: Download, amount: number, pid: number): Promise<RunStats> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  let started = 0;
  const before = loadAverage();
  const cpuBefore = cpuMs(pid);
  const begin = performance.now();
  const worker = async () => {
    while (started < amount) {
      started += 1;
      const at = performance.now();
      try {
        // Read first, then added: `bytes += await ...` would add to the total read before the wait.
        const got = await download(agent);
        bytes += got;
        latencies.push(performance.now() - at);
      } catch (error) {
        errors += 1;
        if (errors === 1) console.error(error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - begin) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0);
  return {
    downloads: latencies.length,
    seconds: round(seconds),
    downloadsPerSecond: round(latencies.length / seconds, 1),
    megabytesPerSecond: round(bytes / 1e6 / seconds),
    bytesPerDownload: Math.round(bytes / Math.max(1, latencies.length)),
    latencyMs: { p50: at(50), p95: at(95), p99: at(99) },
    errors,
    cpuMsPerDownload: round((cpuMs(pid) - cpuBefore) / Math.max(1, latencies.length)),
    loadAverage: { before, after: loadAverage() },
  };
}

/** A warm-up of one download per connection, then a run sized to about SECONDS. */
async function measure(download: Download, pid: number): Promise<RunStats> {
  const warm = await run(download, CONNECTIONS, pid);
  const measured = await run(download, Math.max(CONNECTIONS * 2, Math.round(warm.downloadsPerSecond * SECONDS)), pid);
  if (warm.errors + measured.errors > 0) throw new Error(`${warm.errors + measured.errors} downloads failed`);
  return measured;
}

function expectStatus(got: Got, status: number, what: string): Got {
  if (got.status !== status) throw new Error(`${what}: ${got.status} ${got.body?.toString().slice(0, 200) ?? ''}`);
  return got;
}

/** An ACTIVE artist's album of at least three ready songs, in album order, with their FLAC files' keys. */
async function pickAlbum(place: BenchPlace) {
  const rows = await withDatabase(place, (query) =>
    query<{ album_id: string; artist_id: string; song_id: string; flac: string }>(`
      with album as (
        select al.id from albums al join artists a on a.id = al.artist_id
        where a.status = 'ACTIVE'
          and (select count(*) from album_songs x join songs s on s.id = x.song_id
               where x.album_id = al.id and s.status = 'ready' and s.active and s.download_files is not null) >= 3
        order by al.id limit 1)
      select x.album_id, s.artist_id, s.id as song_id, s.download_files->>'flac' as flac
      from album_songs x join songs s on s.id = x.song_id
      where x.album_id = (select id from album) and s.status = 'ready' and s.active
      order by x.position`),
  );
  if (rows.length === 0) throw new Error('the demo catalogue has no album of three ready songs');
  return { albumId: rows[0]!.album_id, artistId: rows[0]!.artist_id, songs: rows };
}

/**
 * The demo clips are short (their FLAC is tens of KB): a download of one measures the request, not the
 * bytes. With BENCH_SONG_SECONDS > 0 the album's FLAC files are replaced by one of that length made by
 * ffmpeg from pink noise (noise does not compress: about the size of a real song's FLAC), and the songs'
 * kept sizes are cleared so the app reads the new ones. Ours and bare read the same files either way.
 */
async function enlargeAlbumFiles(place: BenchPlace, keys: string[], fileOf: (key: string) => string) {
  if (SONG_SECONDS <= 0) return;
  const made = path.join(place.dataDir, 'noise.flac');
  const ffmpeg = spawnSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `anoisesrc=d=${SONG_SECONDS}:c=pink:a=0.3`,
    '-ac', '2', '-ar', '44100', '-sample_fmt', 's16', made,
  ]); // prettier-ignore
  if (ffmpeg.status !== 0) throw new Error(`ffmpeg: ${ffmpeg.stderr.toString()}`);
  for (const key of new Set(keys)) fs.copyFileSync(made, fileOf(key));
  fs.rmSync(made);
  await withDatabase(place, (query) =>
    query(`update songs set download_sizes = null where download_files->>'flac' = any($1)`, [[...new Set(keys)]]),
  );
}

async function startBare(songFile: string, albumFiles: string[]) {
  const port = await freePort();
  const child = fork(bareFile, [], {
    env: {
      ...process.env,
      PORT: String(port),
      BENCH_SONG_FILE: songFile,
      BENCH_ALBUM_FILES: JSON.stringify(albumFiles),
    },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

type Measure = 'song' | 'signedUrl' | 'albumZip';
const MEASURES = (process.env.BENCH_MEASURES ?? 'song,signedUrl,albumZip').split(',').filter(Boolean) as Measure[];

async function benchEngine(place: BenchPlace) {
  await seedCatalogue(place, 4, 40);
  const album = await pickAlbum(place);
  const song = album.songs[0]!;
  const fileOf = (key: string) => path.join(place.dataDir, 'storage', 'objects', key);
  await enlargeAlbumFiles(
    place,
    album.songs.map((s) => s.flac),
    fileOf,
  );
  const app = await startApp(place);
  const bare = await startBare(
    fileOf(song.flac),
    album.songs.map((s) => fileOf(s.flac)),
  );
  try {
    const fan = await signUpFan(app, place, `bench-downloads-${Date.now().toString(36)}@example.com`);
    const card = await saveCard(app, fan);
    const subscribed = await fetch(`${app.base}/api/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: fan.cookie },
      body: JSON.stringify({ memberID: fan.id, paymentMethodID: card.paymentMethodID, artistID: album.artistId }),
    });
    if (subscribed.status !== 201) throw new Error(`subscribe: ${subscribed.status} ${await subscribed.text()}`);
    const auth = { cookie: fan.cookie };
    const signedUrl = async (agent: http.Agent) => {
      const answer = expectStatus(
        await get(agent, `${app.base}/api/songs/${song.song_id}/download?format=flac`, auth, true),
        200,
        'download',
      );
      return (JSON.parse(answer.body!.toString()) as { url: string }).url;
    };
    // One signed URL per measured run: a URL lives 10 minutes, less than a whole run on a busy machine.
    let oneUrl = await signedUrl(new http.Agent());
    const ours: Record<Measure, Download> = {
      song: async (agent) => expectStatus(await get(agent, await signedUrl(agent), {}), 200, 'file').bytes,
      signedUrl: async (agent) => expectStatus(await get(agent, oneUrl, {}), 200, 'file').bytes,
      albumZip: async (agent) =>
        expectStatus(await get(agent, `${app.base}/api/albums/${album.albumId}/download?format=flac`, auth), 200, 'zip')
          .bytes,
    };
    const bareDownloads: Record<Measure, Download> = {
      song: async (agent) => expectStatus(await get(agent, `${bare.base}/song`, {}), 200, 'bare').bytes,
      signedUrl: async (agent) => expectStatus(await get(agent, `${bare.base}/song`, {}), 200, 'bare').bytes,
      albumZip: async (agent) => expectStatus(await get(agent, `${bare.base}/album`, {}), 200, 'bare').bytes,
    };
    const rounds: Record<Measure, { ours: RunStats; bare: RunStats }>[] = [];
    for (let n = 0; n < ROUNDS; n++) {
      const result = {} as Record<Measure, { ours: RunStats; bare: RunStats }>;
      for (const name of MEASURES) {
        const pair = {} as { ours: RunStats; bare: RunStats };
        for (const side of n % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const)) {
          if (side === 'ours' && name === 'signedUrl') oneUrl = await signedUrl(new http.Agent());
          pair[side] =
            side === 'ours' ? await measure(ours[name], app.pid) : await measure(bareDownloads[name], bare.pid);
          console.log(`  ${place.engine} round ${n + 1} ${name} ${side}: ${pair[side].megabytesPerSecond} MB/s`);
        }
        result[name] = pair;
      }
      rounds.push(result);
    }
    return { rounds, album: { songs: album.songs.length }, songFileBytes: fs.statSync(fileOf(song.flac)).size };
  } finally {
    await bare.stop();
    await app.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summarise(rounds: Record<Measure, { ours: RunStats; bare: RunStats }>[]) {
  return Object.fromEntries(
    MEASURES.map((name) => {
      const side = (which: 'ours' | 'bare') => {
        const list = rounds.map((r) => r[name][which]);
        return {
          megabytesPerSecond: median(list.map((s) => s.megabytesPerSecond)),
          downloadsPerSecond: median(list.map((s) => s.downloadsPerSecond)),
          latencyMs: { p50: median(list.map((s) => s.latencyMs.p50)), p95: median(list.map((s) => s.latencyMs.p95)) },
          bytesPerDownload: median(list.map((s) => s.bytesPerDownload)),
          cpuMsPerDownload: median(list.map((s) => s.cpuMsPerDownload)),
          errors: list.reduce((sum, s) => sum + s.errors, 0),
        };
      };
      const ours = side('ours');
      const bare = side('bare');
      return [name, { ours, bare, oursOverBare: round(ours.megabytesPerSecond / bare.megabytesPerSecond) }];
    }),
  );
}

for (const engine of ENGINES) {
  const place = await createPlace(engine, 'downloads');
  try {
    const before = loadAverage();
    const { rounds, album, songFileBytes } = await benchEngine(place);
    writeResult(`downloads-${engine}${process.env.BENCH_OUT_SUFFIX ?? ''}.json`, {
      engine,
      date: new Date().toISOString(),
      node: process.version,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      songFileBytes,
      albumSongs: album.songs,
      loadAverage: { before, after: loadAverage() },
      ...summarise(rounds),
      raw: rounds,
    });
  } finally {
    await place.remove();
  }
}
