/**
 * Transcoding time of generated 5- and 60-minute WAVs through the song pipeline (two ffmpeg processes
 * side by side) against ONE bare ffmpeg command line producing the same outputs from one decode.
 * Run after `npm run build`: `node bench/transcode.bench.ts` (minutes: BENCH_TRANSCODE_MINUTES=5,60).
 * Results: bench/results/transcode.json; summary in docs/performance.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { singlePassArgs } from '../apps/server/dist/platform/media/ffmpeg-args.js';
import { resolveMediaTools } from '../apps/server/dist/platform/media/ffmpeg.js';
import { transcodeSong, PIPELINE_FILES } from '../apps/server/dist/platform/media/song-pipeline.js';

const minutesList = (process.env.BENCH_TRANSCODE_MINUTES ?? '5,60').split(',').map(Number);
const tools = resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
const tags = { title: 'Bench Song', artist: 'Bench Artist', album: 'Bench Album', trackNumber: 1 };
const resultsFile = fileURLToPath(new URL('./results/transcode.json', import.meta.url));

/** Broadband, music-like content (pink noise under two tones), stereo 16-bit 44.1 kHz. */
function makeWav(dir: string, minutes: number): string {
  const target = path.join(dir, `song-${minutes}min.wav`);
  const seconds = String(minutes * 60);
  execFileSync(tools.ffmpeg, [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.15:duration=${seconds}:sample_rate=44100`,
    '-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}:sample_rate=44100`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}:sample_rate=44100`,
    '-filter_complex', '[0:a][1:a][2:a]amix=inputs=3,aformat=channel_layouts=stereo[a]',
    '-map', '[a]', '-c:a', 'pcm_s16le', target,
  ]); // prettier-ignore
  return target;
}

function makeArtwork(dir: string): string {
  const target = path.join(dir, 'cover.jpg');
  execFileSync(tools.ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=navy:s=1400x1400',
    '-frames:v',
    '1',
    target,
  ]);
  return target;
}

async function timePipeline(input: string, workDir: string, artworkPath: string) {
  const started = performance.now();
  const song = await transcodeSong({ inputPath: input, workDir, meta: { ...tags, artworkPath }, tools });
  return { seconds: (performance.now() - started) / 1000, song };
}

/** The baseline: one ffmpeg process, every output from one decode; stdout (peaks PCM) discarded. */
async function timeSingleCommand(input: string, workDir: string, artworkPath: string, durationSeconds: number) {
  const paths = {
    streamDir: path.join(workDir, PIPELINE_FILES.streamDir),
    previewPath: path.join(workDir, PIPELINE_FILES.preview),
    flacPath: path.join(workDir, PIPELINE_FILES.flac),
    mp3Path: path.join(workDir, PIPELINE_FILES.mp3),
    wavPath: path.join(workDir, PIPELINE_FILES.wav),
  };
  for (const file of Object.values(paths)) fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.mkdirSync(paths.streamDir, { recursive: true });
  const args = singlePassArgs(input, { sampleRate: 44100, channels: 2, durationSeconds }, tags, artworkPath, paths);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tools.ffmpeg, args, { stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  return { seconds: (performance.now() - started) / 1000, command: `ffmpeg ${args.join(' ')}` };
}

function ffmpegVersion(): string {
  return execFileSync(tools.ffmpeg, ['-version']).toString().split('\n')[0] ?? '';
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-transcode-bench-'));
  const cases = [];
  try {
    const artworkPath = makeArtwork(root);
    for (const minutes of minutesList) {
      console.log(`${minutes}-minute WAV: generating...`);
      const input = makeWav(root, minutes);
      const loadBefore = os.loadavg()[0];
      const pipeline = await timePipeline(input, path.join(root, `pipeline-${minutes}`), artworkPath);
      console.log(`  pipeline (2 processes): ${pipeline.seconds.toFixed(1)} s`);
      const single = await timeSingleCommand(input, path.join(root, `single-${minutes}`), artworkPath, minutes * 60);
      console.log(`  one bare ffmpeg command: ${single.seconds.toFixed(1)} s`);
      cases.push({
        minutes,
        inputBytes: fs.statSync(input).size,
        pipelineSeconds: round(pipeline.seconds),
        singleCommandSeconds: round(single.seconds),
        pipelineRealtimeFactor: round((minutes * 60) / pipeline.seconds),
        singleCommandRealtimeFactor: round((minutes * 60) / single.seconds),
        pipelineFasterBy: round(single.seconds / pipeline.seconds),
        // Other work on the machine slows both runs; the one-minute load average says how busy it was.
        loadAverage: { before: round(loadBefore ?? 0), after: round(os.loadavg()[0] ?? 0) },
        outputs: {
          segments: pipeline.song.dash.files.length - 2,
          peaks: pipeline.song.peaks.length,
          loudness: pipeline.song.loudness,
        },
      });
      fs.rmSync(input);
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    ffmpeg: ffmpegVersion(),
    clientPollBudgetSeconds: 120,
    cases,
  };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  console.log(JSON.stringify(results, null, 2));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

await main();
