/**
 * The audio every song of the large demo catalogue plays: three short generated tunes, each made into
 * every output (HLS and DASH stream, preview, downloads, peaks, loudness) once by the real song pipeline
 * and stored under `seed/demo-audio/{clip}/`. Seeded rows point at these shared files.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { Config } from '../config.js';
import { resolveMediaTools } from '../platform/media/ffmpeg.js';
import type { Loudness } from '../platform/media/loudness.js';
import { listSongOutputs, songOutputKeys, type SongOutputKeys } from '../platform/media/song-outputs.js';
import { transcodeSong } from '../platform/media/song-pipeline.js';
import type { ObjectStorage } from '../platform/storage/storage.js';
import { SeededRandom } from './seeded-random.js';

export const DEMO_AUDIO_PREFIX = 'seed/demo-audio/';
/**
 * Bump when the tunes, the stored description or how the files are stored change, so old stored clips are
 * made again (3: the downloads are stored as attachments; 4: the outputs carry no tags, as the songs share
 * the clip's WAV download).
 */
const CLIP_VERSION = 4;

interface Tune {
  name: string;
  title: string;
  /** Four bars of four beats (the chord progression) take this long... */
  loopSeconds: number;
  /** ...and are played this many times. */
  loops: number;
  /** Root of each bar's chord, as semitones above A (440 Hz). */
  chordRoots: [number, number, number, number];
  minor: boolean;
}

/** The two longer tunes play a 45 s preview to non-subscribers; the short one suits full-preview songs. */
export const DEMO_TUNES: readonly Tune[] = [
  { name: 'daybreak', title: 'Daybreak', loopSeconds: 8, loops: 8, chordRoots: [3, 10, 12, 8], minor: false },
  { name: 'undertow', title: 'Undertow', loopSeconds: 10, loops: 5, chordRoots: [0, 8, 3, 10], minor: true },
  { name: 'spark', title: 'Spark', loopSeconds: 6, loops: 4, chordRoots: [5, 0, 2, 10], minor: false },
];

/** What a seeded song's row takes from its clip. */
export interface DemoClip {
  name: string;
  durationSeconds: number;
  keys: SongOutputKeys;
  peaks: number[];
  loudness: Loudness;
}

const SAMPLE_RATE = 44_100;

/**
 * A 16-bit stereo WAV of the tune: arpeggiated chords over a bass line and a soft kick, each note played
 * a little louder or softer (as a person plays). The varying loudness gives a waveform that compresses like
 * a real song's, so the peaks every seeded row carries take the room real peaks do (out of line, TOAST).
 */
export function renderTune(tune: Tune): Buffer {
  const frames = tune.loopSeconds * tune.loops * SAMPLE_RATE;
  const left = new Float64Array(frames);
  const right = new Float64Array(frames);
  const beatFrames = (tune.loopSeconds * SAMPLE_RATE) / 16;
  const third = tune.minor ? 3 : 4;
  const random = new SeededRandom(`tune:${tune.name}`);
  const addNote = (startFrame: number, hz: number, seconds: number, gain: number, pan: number, decay: number) => {
    const length = Math.min(Math.round(seconds * SAMPLE_RATE), frames - startFrame);
    for (let frame = 0; frame < length; frame++) {
      const time = frame / SAMPLE_RATE;
      const envelope = Math.min(1, time * 200) * Math.exp(-time * decay);
      const phase = 2 * Math.PI * hz * time;
      const value = gain * envelope * (Math.sin(phase) + 0.3 * Math.sin(2 * phase) + 0.12 * Math.sin(3 * phase));
      left[startFrame + frame]! += value * (1 - pan);
      right[startFrame + frame]! += value * (1 + pan);
    }
  };
  const pitch = (semitones: number) => 440 * 2 ** (semitones / 12);
  const velocity = () => 0.55 + 0.45 * random.next();
  for (let bar = 0; bar < 4 * tune.loops; bar++) {
    const root = tune.chordRoots[bar % 4]!;
    const chord = [root, root + third, root + 7, root + 12];
    const barStart = bar * 4 * beatFrames;
    addNote(Math.round(barStart), pitch(root - 24), (4 * beatFrames) / SAMPLE_RATE, 0.22 * velocity(), 0, 1.2);
    for (let step = 0; step < 8; step++) {
      const start = Math.round(barStart + (step * beatFrames) / 2);
      const note = chord[(step * 3) % chord.length]! - 12;
      const pan = step % 2 === 0 ? -0.4 : 0.4;
      addNote(start, pitch(note), (2 * beatFrames) / SAMPLE_RATE, 0.12 * velocity(), pan, 6);
    }
    for (const beat of [0, 2]) addNote(Math.round(barStart + beat * beatFrames), 55, 0.25, 0.25 * velocity(), 0, 18);
  }
  const fadeFrames = SAMPLE_RATE * 2;
  const wav = wavHeader(frames);
  for (let frame = 0; frame < frames; frame++) {
    const fade = Math.min(1, (frames - frame) / fadeFrames, (frame + 1) / 2205);
    wav.writeInt16LE(toSample(left[frame]! * fade), 44 + frame * 4);
    wav.writeInt16LE(toSample(right[frame]! * fade), 46 + frame * 4);
  }
  return wav;
}

function toSample(value: number): number {
  return Math.round(Math.max(-1, Math.min(1, value)) * 32_767);
}

function wavHeader(frames: number): Buffer {
  const dataBytes = frames * 4;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  return wav;
}

const describedKey = (tune: Tune) => `${DEMO_AUDIO_PREFIX}${tune.name}/clip.json`;

/** The clip as stored by an earlier run, when every file it names is still there. */
async function storedClip(storage: ObjectStorage, tune: Tune): Promise<DemoClip | null> {
  const object = await storage.get(describedKey(tune)).catch(() => null);
  if (!object) return null;
  const stored = JSON.parse(await text(object.body)) as DemoClip & { version?: number };
  if (stored.version !== CLIP_VERSION) return null;
  const keys = [stored.keys.streamFile, stored.keys.dashManifest, stored.keys.previewFile, stored.keys.downloadFile];
  for (const key of [...keys, ...Object.values(stored.keys.downloadFiles)]) {
    if (!(await storage.stat(key))) return null;
  }
  return {
    name: stored.name,
    durationSeconds: stored.durationSeconds,
    keys: stored.keys,
    peaks: stored.peaks,
    loudness: stored.loudness,
  };
}

/** Transcodes the tune with the real pipeline and stores every output under its clip folder. */
async function makeClip(config: Config, storage: ObjectStorage, tune: Tune, workRoot: string): Promise<DemoClip> {
  const workDir = path.join(workRoot, tune.name);
  const outputDir = path.join(workDir, 'out');
  await fsp.mkdir(outputDir, { recursive: true });
  const inputPath = path.join(workDir, 'input.wav');
  await fsp.writeFile(inputPath, renderTune(tune));
  const result = await transcodeSong({
    inputPath,
    workDir: outputDir,
    // No tags: the songs share the clip's WAV download (their FLAC and MP3 are re-tagged with their own names).
    meta: { title: '', artist: '' },
    tools: resolveMediaTools(config),
    maxSeconds: config.maxSongSeconds,
  });
  const prefix = `${DEMO_AUDIO_PREFIX}${tune.name}/`;
  await storage.deletePrefix(prefix);
  for (const output of listSongOutputs(result, outputDir, prefix)) {
    await storage.put(output.key, fs.createReadStream(output.file), output.contentType, {
      contentDisposition: output.contentDisposition,
    });
  }
  const clip: DemoClip = {
    name: tune.name,
    durationSeconds: result.durationSeconds,
    keys: songOutputKeys(result, outputDir, prefix),
    peaks: result.peaks,
    loudness: result.loudness,
  };
  // Written last: its presence says the clip's files are all stored.
  await storage.put(
    describedKey(tune),
    Buffer.from(JSON.stringify({ ...clip, version: CLIP_VERSION })),
    'application/json',
  );
  return clip;
}

/** The demo clips, made once per storage and reused by later runs. */
export async function prepareDemoClips(
  config: Config,
  storage: ObjectStorage,
  print: (line: string) => void,
): Promise<DemoClip[]> {
  const clips: DemoClip[] = [];
  const workRoot = await fsp.mkdtemp(path.join(os.tmpdir(), 'hfm-seed-audio-'));
  try {
    for (const tune of DEMO_TUNES) {
      const stored = await storedClip(storage, tune);
      if (stored) {
        print(`Audio: reusing the stored clip "${tune.name}" (${Math.round(stored.durationSeconds)} s).`);
        clips.push(stored);
        continue;
      }
      const started = Date.now();
      const clip = await makeClip(config, storage, tune, workRoot);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      print(`Audio: made the clip "${tune.name}" (${Math.round(clip.durationSeconds)} s of audio) in ${seconds} s.`);
      clips.push(clip);
    }
  } finally {
    await fsp.rm(workRoot, { recursive: true, force: true });
  }
  return clips;
}
