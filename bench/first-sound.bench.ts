/**
 * Time to first sound: a 5-minute WAV (44.1 kHz, 16-bit, stereo) uploaded to the built server as the
 * web app does it (presigned parts, then upload-complete), timed from the completion request to
 *   - playable: the song reads ready, /play answers, and the master playlist, the media playlist and the
 *     first segment are fetched;
 *   - downloads ready: the song's downloads read ready and the FLAC's signed URL answers;
 * beside the bare baseline: one plain ffmpeg command making the same AAC/HLS stream from the same file,
 * run in turn with the uploads, so both see the same machine.
 * Run after `npm run build`: `node bench/first-sound.bench.ts` (BENCH_ENGINE=postgres|pglite, default
 * postgres; BENCH_ROUNDS, default 3). Results: bench/results/first-sound.json; summary in docs/performance.md.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_PART_SIZE } from '@hfm/shared';
import {
  createPlace,
  cpuMs,
  loadAverage,
  placeEnv,
  repoRoot,
  round,
  startApp,
  writeResult,
  type Engine,
  type RunningApp,
} from './bench-kit.ts';

const engine = (process.env.BENCH_ENGINE ?? 'postgres') as Engine;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const SONG_SECONDS = 300;
// Often enough to time the moment, rarely enough not to load the server it measures.
const POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (start: number) => (performance.now() - start) / 1000;

/** Broadband, music-like content (pink noise under two tones), as in the transcode bench. */
function makeWav(dir: string): string {
  const target = path.join(dir, 'song-5min.wav');
  const seconds = String(SONG_SECONDS);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.15:duration=${seconds}:sample_rate=44100`,
    '-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}:sample_rate=44100`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}:sample_rate=44100`,
    '-filter_complex', '[0:a][1:a][2:a]amix=inputs=3,aformat=channel_layouts=stereo[a]',
    '-map', '[a]', '-c:a', 'pcm_s16le', target,
  ]); // prettier-ignore
  return target;
}

/** The demo artist made by the CLI (before the app starts: PGlite has one process at a time). */
function demoArtistPassword(env: Record<string, string>): string {
  const cli = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/cli.js'), 'seed-demo'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const password = /artist@hfm\.local \(password (\S+)\)/.exec(cli.stdout)?.[1];
  if (!password) throw new Error(`seed-demo made no artist:\n${cli.stderr}`);
  return password.replace(/\)\.?$/, '');
}

async function call(app: RunningApp, method: string, url: string, cookie: string, body?: unknown) {
  const response = await fetch(`${app.base}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

const absolute = (app: RunningApp, url: string) => new URL(url, app.base).toString();

async function fetchOk(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The first segment through the master and media playlists, as hls.js starts a song. */
async function fetchFirstSegment(app: RunningApp, master: string): Promise<void> {
  const masterText = (await fetchOk(absolute(app, master))).toString('utf8');
  const mediaName = /^\S+\.m3u8$/m.exec(masterText)![0];
  const mediaText = (await fetchOk(absolute(app, master.replace('master.m3u8', mediaName)))).toString('utf8');
  const init = /URI="([^"]+)"/.exec(mediaText)![1]!;
  const segment = /^\S+\.m4s$/m.exec(mediaText)![0];
  await fetchOk(absolute(app, master.replace('master.m3u8', init)));
  await fetchOk(absolute(app, master.replace('master.m3u8', segment)));
}

interface Upload {
  uploadCompleteSeconds: number;
  playableSeconds: number;
  downloadsReadySeconds: number;
  serverCpuSeconds: number;
  ffmpegCpuSeconds: number;
  loadAverage: number[];
}

async function uploadOnce(app: RunningApp, cookie: string, wav: Buffer, round: number): Promise<Upload> {
  const created = await call(app, 'POST', '/api/songs', cookie, {
    title: `First Sound ${round}`,
    releaseDate: '05/01/2025',
  });
  const songId = ((await created.json()) as { id: string }).id;
  const presigned = await call(app, 'POST', `/api/songs/upload-presigned/${songId}`, cookie, {
    files: [{ name: 'first sound.wav', size: wav.length, type: 'audio/wav', s3Path: 'songs' }],
  });
  const [upload] = (await presigned.json()) as Array<{ key: string; uploadId: string; urls: string[] }>;
  const parts = await Promise.all(
    upload!.urls.map(async (url, index) => {
      const body = wav.subarray(index * UPLOAD_PART_SIZE, (index + 1) * UPLOAD_PART_SIZE);
      const response = await fetch(absolute(app, url), { method: 'PUT', body: new Uint8Array(body) });
      if (!response.ok) throw new Error(`part ${index + 1}: ${response.status}`);
      return { PartNumber: index + 1, ETag: response.headers.get('etag')! };
    }),
  );
  const cpuBefore = cpuMs(app.pid);
  const ffmpegCpuBefore = childrenCpuSeconds(app.pid);
  const start = performance.now();
  await call(app, 'POST', `/api/songs/upload-complete/${songId}`, cookie, {
    key: upload!.key,
    uploadId: upload!.uploadId,
    parts,
    s3Path: 'songs',
    fileName: 'first sound.wav',
  });
  const uploadCompleteSeconds = since(start);
  await waitForSong(app, cookie, songId, (song) => song.status !== 'uploading');
  const play = (await (await call(app, 'GET', `/api/songs/${songId}/play`, cookie)).json()) as { hls: string };
  await fetchFirstSegment(app, play.hls);
  const playableSeconds = since(start);
  await waitForSong(app, cookie, songId, (song) => song.downloads !== 'preparing');
  const download = await call(app, 'GET', `/api/songs/${songId}/download?format=flac`, cookie);
  await fetchOk(absolute(app, ((await download.json()) as { url: string }).url));
  return {
    uploadCompleteSeconds: round3(uploadCompleteSeconds),
    playableSeconds: round3(playableSeconds),
    downloadsReadySeconds: round3(since(start)),
    // The server's own CPU, and its finished children's (ffmpeg and ffprobe).
    serverCpuSeconds: round3((cpuMs(app.pid) - cpuBefore) / 1000),
    ffmpegCpuSeconds: round3(childrenCpuSeconds(app.pid) - ffmpegCpuBefore),
    loadAverage: loadAverage(),
  };
}

async function waitForSong(
  app: RunningApp,
  cookie: string,
  songId: string,
  done: (song: { status: string; downloads: string | null }) => boolean,
) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const song = (await (await call(app, 'GET', `/api/songs/${songId}`, cookie)).json()) as {
      status: string;
      downloads: string | null;
      failureReason: string | null;
    };
    if (song.status === 'failed') throw new Error(`the song failed: ${song.failureReason}`);
    if (done(song)) return song;
    if (Date.now() > deadline) throw new Error('the song did not get there in 10 minutes');
    await sleep(POLL_MS);
  }
}

/** The bare baseline: one plain ffmpeg command, the same AAC 256k into HLS/DASH segments. */
async function bareEncode(input: string, dir: string): Promise<{ seconds: number; cpuSeconds: number }> {
  const out = fs.mkdtempSync(path.join(dir, 'bare-'));
  // prettier-ignore
  const args = [
    '-v', 'error', '-y', '-i', input, '-c:a', 'aac', '-b:a', '256k',
    '-f', 'dash', '-dash_segment_type', 'mp4', '-hls_playlist', '1', '-seg_duration', '6',
    path.join(out, 'manifest.mpd'),
  ];
  const cpuBefore = childrenCpuSeconds();
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  const seconds = since(start);
  fs.rmSync(out, { recursive: true, force: true });
  return { seconds: round3(seconds), cpuSeconds: round3(childrenCpuSeconds() - cpuBefore) };
}

/** CPU (user + system) of this process's finished children: /proc/self/stat's cutime and cstime, in ticks. */
function childrenCpuSeconds(pid: number | 'self' = 'self'): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const round3 = (value: number) => round(value, 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-first-sound-'));
  const place = await createPlace(engine, 'firstsound');
  try {
    const input = makeWav(dir);
    const wav = fs.readFileSync(input);
    const password = demoArtistPassword(placeEnv(place));
    const app = await startApp(place);
    try {
      const signIn = await call(app, 'POST', '/api/auth', '', { userName: 'artist@hfm.local', password });
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
      const uploads: Upload[] = [];
      const bare: Array<{ seconds: number; cpuSeconds: number }> = [];
      for (let index = 1; index <= rounds; index++) {
        const upload = await uploadOnce(app, cookie, wav, index);
        uploads.push(upload);
        console.log(`round ${index}: ${JSON.stringify(upload)}`);
        const baseline = await bareEncode(input, dir);
        bare.push(baseline);
        console.log(`round ${index}: bare ffmpeg AAC/HLS ${baseline.seconds} s`);
      }
      writeResult('first-sound.json', {
        date: new Date().toISOString(),
        engine,
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? '',
        ffmpeg: execFileSync('ffmpeg', ['-version']).toString().split('\n')[0],
        song: { seconds: SONG_SECONDS, sampleRate: 44100, bits: 16, channels: 2, bytes: wav.length },
        budgetSeconds: 5,
        median: {
          playableSeconds: median(uploads.map((upload) => upload.playableSeconds)),
          downloadsReadySeconds: median(uploads.map((upload) => upload.downloadsReadySeconds)),
          bareAacHlsSeconds: median(bare.map((run) => run.seconds)),
        },
        uploads,
        bareAacHls: bare,
      });
    } finally {
      await app.stop();
    }
  } finally {
    await place.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
