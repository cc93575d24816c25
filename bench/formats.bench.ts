/**
 * The first download of a format made on first request (decision 0051), against one plain ffmpeg command doing
 * the same encode on the same input (the bare baseline):
 *
 * | measure | ours | bare |
 * | --- | --- | --- |
 * | time to first byte | `GET /api/songs/{id}/download?format=...` asked again every BENCH_POLL_MS (100) while it answers 202, then the signed URL's first byte | `ffmpeg -i master.flac <the format's codec> out` finished (a file can be served once it is whole) |
 * | total | the same, to the file's last byte | the same ffmpeg command's wall time |
 *
 * The demo catalogue (`seed-demo`) gives a ready song; its FLAC master is replaced by BENCH_SONG_SECONDS (300)
 * of pink noise (noise does not compress: about a real song's FLAC size). A fan subscribes through the API.
 * Each round asks for another song of the same artist (each master the same noise), so every request is a
 * first one; rounds alternate ours and bare. The web app asks again after the 202's Retry-After (1 s), so a fan waits up to that
 * much longer than the time to first byte here. Run after `npm run build`: `npm run bench:formats -w @hfm/bench`.
 * Results: bench/results/formats-<engine>.json. Knobs: BENCH_ENGINES (pglite), BENCH_ROUNDS (3),
 * BENCH_FORMATS (alac,aac,opus), BENCH_SONG_SECONDS, BENCH_POLL_MS.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  createPlace,
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

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite').split(',').filter(Boolean) as Engine[];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FORMATS = (process.env.BENCH_FORMATS ?? 'alac,aac,opus').split(',').filter(Boolean);
const SONG_SECONDS = Number(process.env.BENCH_SONG_SECONDS ?? 300);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 100);

/** The encoder part of each format's command, as platform/media/format-args.ts builds it (without tags). */
const CODEC_ARGS: Record<string, string[]> = {
  alac: ['-c:a', 'alac', '-f', 'ipod'],
  aac: ['-c:a', 'aac', '-b:a', '256k', '-f', 'ipod'],
  aiff: ['-c:a', 'pcm_s16be', '-f', 'aiff'],
  'mp3-v0': ['-c:a', 'libmp3lame', '-q:a', '0', '-f', 'mp3'],
  vorbis: ['-c:a', 'libvorbis', '-q:a', '8', '-f', 'ogg'],
  opus: ['-c:a', 'libopus', '-b:a', '160k', '-ar', '48000', '-f', 'ogg'],
};

interface Timing {
  ttfbMs: number;
  totalMs: number;
  bytes: number;
  /** Requests answered 202 before the 200. */
  polls?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function getJson(url: string, cookie: string): Promise<{ status: number; body: { url?: string } }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text || '{}') }));
      })
      .on('error', reject);
  });
}

/** The file behind a signed URL: when its first byte came, and its length. */
function readFile(url: string, started: number): Promise<{ ttfbMs: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let ttfbMs = 0;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) ttfbMs = performance.now() - started;
          bytes += chunk.length;
        });
        response.on('end', () =>
          response.statusCode === 200 ? resolve({ ttfbMs, bytes }) : reject(new Error(`file: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

async function firstDownload(base: string, cookie: string, songId: string, format: string): Promise<Timing> {
  const started = performance.now();
  let polls = 0;
  for (;;) {
    const answer = await getJson(`${base}/api/songs/${songId}/download?format=${format}`, cookie);
    if (answer.status === 200) {
      const file = await readFile(new URL(answer.body.url!, base).toString(), started);
      return { ttfbMs: round(file.ttfbMs), totalMs: round(performance.now() - started), bytes: file.bytes, polls };
    }
    if (answer.status !== 202) throw new Error(`download ${format}: ${answer.status}`);
    polls += 1;
    await pause(POLL_MS);
  }
}

function bareEncode(master: string, format: string, dir: string): Timing {
  const out = path.join(dir, `bare-${format}.out`);
  const started = performance.now();
  const run = spawnSync('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-i',
    master,
    '-map',
    '0:a:0',
    ...CODEC_ARGS[format]!,
    out,
  ]);
  const totalMs = round(performance.now() - started);
  if (run.status !== 0) throw new Error(`bare ffmpeg ${format}: ${run.stderr.toString()}`);
  const bytes = fs.statSync(out).size;
  fs.rmSync(out);
  return { ttfbMs: totalMs, totalMs, bytes };
}

/** ROUNDS ready songs of one ACTIVE artist: one per round, so each round's request is a first one. */
async function pickSongs(place: BenchPlace) {
  const rows = await withDatabase(place, (query) =>
    query<{ id: string; artist_id: string; flac: string }>(
      `
      with artist as (
        select s.artist_id from songs s join artists a on a.id = s.artist_id
        where a.status = 'ACTIVE' and s.status = 'ready' and s.active and s.download_files is not null
          and (s.release_date is null or s.release_date <= current_date)
        group by s.artist_id having count(*) >= $1 order by s.artist_id limit 1)
      select s.id, s.artist_id, s.download_files->>'flac' as flac from songs s
      where s.artist_id = (select artist_id from artist) and s.status = 'ready' and s.active
        and s.download_files is not null and (s.release_date is null or s.release_date <= current_date)
      order by s.id limit $1`,
      [ROUNDS],
    ),
  );
  if (rows.length < ROUNDS) throw new Error(`the demo catalogue has no artist with ${ROUNDS} ready songs`);
  return rows;
}

async function benchEngine(place: BenchPlace) {
  await seedCatalogue(place, 2, Math.max(4, ROUNDS * 2));
  const songs = await pickSongs(place);
  const song = songs[0]!;
  const master = path.join(place.dataDir, 'noise.flac');
  const made = spawnSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `anoisesrc=d=${SONG_SECONDS}:c=pink:a=0.3`,
    '-ac', '2', '-ar', '44100', '-sample_fmt', 's16', '-c:a', 'flac', '-f', 'flac', master,
  ]); // prettier-ignore
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  for (const each of songs) fs.copyFileSync(master, path.join(place.dataDir, 'storage', 'objects', each.flac));
  await withDatabase(place, (query) =>
    query(`update songs set download_sizes = null, duration = $2 where id = any($1)`, [
      songs.map((each) => each.id),
      SONG_SECONDS,
    ]),
  );
  const app = await startApp(place);
  try {
    const fan = await signUpFan(app, place, `bench-formats-${Date.now().toString(36)}@example.com`);
    const card = await saveCard(app, fan);
    const subscribed = await fetch(`${app.base}/api/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: fan.cookie },
      body: JSON.stringify({ memberID: fan.id, paymentMethodID: card.paymentMethodID, artistID: song.artist_id }),
    });
    if (subscribed.status !== 201) throw new Error(`subscribe: ${subscribed.status} ${await subscribed.text()}`);
    const results: Record<string, { ours: Timing[]; bare: Timing[] }> = {};
    for (const format of FORMATS) {
      results[format] = { ours: [], bare: [] };
      for (let n = 0; n < ROUNDS; n++) {
        for (const side of n % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const)) {
          if (side === 'ours') {
            results[format].ours.push(await firstDownload(app.base, fan.cookie, songs[n]!.id, format));
          } else {
            results[format].bare.push(bareEncode(master, format, place.dataDir));
          }
          const last = results[format][side].at(-1)!;
          console.log(
            `  ${place.engine} ${format} round ${n + 1} ${side}: ttfb ${last.ttfbMs} ms, total ${last.totalMs} ms`,
          );
        }
      }
    }
    return results;
  } finally {
    await app.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const engine of ENGINES) {
  const place = await createPlace(engine, 'formats');
  try {
    const before = loadAverage();
    const results = await benchEngine(place);
    const summary = Object.fromEntries(
      Object.entries(results).map(([format, { ours, bare }]) => {
        const side = (list: Timing[]) => ({
          ttfbMs: median(list.map((t) => t.ttfbMs)),
          totalMs: median(list.map((t) => t.totalMs)),
          bytes: median(list.map((t) => t.bytes)),
        });
        const mine = side(ours);
        const theirs = side(bare);
        return [format, { ours: mine, bare: theirs, bareOverOursTotal: round(theirs.totalMs / mine.totalMs) }];
      }),
    );
    writeResult(`formats-${engine}${process.env.BENCH_OUT_SUFFIX ?? ''}.json`, {
      engine,
      date: new Date().toISOString(),
      node: process.version,
      songSeconds: SONG_SECONDS,
      rounds: ROUNDS,
      pollMs: POLL_MS,
      loadAverage: { before, after: loadAverage() },
      formats: summary,
      raw: results,
    });
  } finally {
    await place.remove();
  }
}
