import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_PREVIEW_SECONDS } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamPassArgs, streamSplit } from './ffmpeg-args.js';
import { resolveMediaTools, runMediaTool } from './ffmpeg.js';
import { probeMedia } from './probe.js';
import { downloadFileName, listDownloadOutputs, listSongOutputs, songOutputKeys } from './song-outputs.js';
import { startTranscode, transcodeSong, type TranscodedSong } from './song-pipeline.js';
import { LOSSLESS_MESSAGES } from '@hfm/shared';
import { MediaRejectedError, WAV_MESSAGES } from './wav.js';

const tools = resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
const tags = { title: 'Night Drive', artist: 'The Testers', album: 'First Light', trackNumber: 4 };
let dir: string;

/** A WAV from an ffmpeg expression: audio whose levels the assertions can predict. */
function makeWav(file: string, expression: string, seconds: number, rate = 44100, codec = 'pcm_s16le'): string {
  const target = path.join(dir, file);
  const source = `aevalsrc=${expression}:s=${rate}:d=${seconds}`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-c:a', codec, target]);
  return target;
}

function makeArtwork(): string {
  const target = path.join(dir, 'cover.jpg');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=navy:s=400x400',
    '-frames:v',
    '1',
    target,
  ]);
  return target;
}

/** Where a DASH manifest's segment timeline ends, in its timescale. */
function timelineEnd(mpd: string): number {
  const timeline = [...mpd.matchAll(/<S (?:t="(\d+)" )?d="(\d+)"(?: r="(\d+)")? \/>/g)];
  return timeline.reduce((at, [, t, d, r]) => Number(t ?? at) + Number(d) * (1 + Number(r ?? 0)), 0);
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hfm-pipeline-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('transcodeSong on a 60-second stereo WAV with artwork', () => {
  // 10 s of silence, then a 440 Hz tone at half scale in both channels.
  const tone = "'if(gte(t,10),0.5*sin(2*PI*440*t),0)'";
  let song: TranscodedSong;
  let workDir: string;

  beforeAll(async () => {
    const input = makeWav('song.wav', `${tone}|${tone}`, 60);
    workDir = path.join(dir, 'stereo');
    song = await transcodeSong({ inputPath: input, workDir, meta: { ...tags, artworkPath: makeArtwork() }, tools });
  }, 90_000);

  it('reads the duration from the source', () => {
    expect(song.durationSeconds).toBeCloseTo(60, 2);
    expect(song.source).toMatchObject({ sampleRate: 44100, channels: 2, codec: 'pcm_s16le' });
  });

  it('writes every output inside the work folder, and ffprobe reads each with the right duration', async () => {
    const outputs = [
      song.preview,
      song.downloads.flac,
      song.downloads.mp3,
      song.downloads.wav,
      song.hls.playlist,
      song.dash.manifest,
    ];
    for (const file of [...outputs, ...song.hls.files, ...song.dash.files]) {
      expect(file.startsWith(workDir + path.sep)).toBe(true);
      expect(fs.statSync(file).size).toBeGreaterThan(0);
    }
    for (const file of [
      song.downloads.flac,
      song.downloads.mp3,
      song.downloads.wav,
      song.hls.playlist,
      song.dash.manifest,
    ]) {
      const probe = await probeMedia(tools, file);
      expect(probe.durationSeconds, file).toBeGreaterThan(59.9);
      expect(probe.durationSeconds, file).toBeLessThan(60.15);
    }
  });

  it('encodes the stream as AAC 256k at the source rate and the downloads as FLAC, MP3 320k and PCM', async () => {
    const codecs = async (file: string) => (await probeMedia(tools, file)).audio;
    expect(await codecs(song.dash.manifest)).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 2 });
    expect(await codecs(song.preview)).toMatchObject({ codec: 'aac', sampleRate: 44100 });
    expect(await codecs(song.downloads.flac)).toMatchObject({ codec: 'flac', sampleRate: 44100, bitsPerSample: 16 });
    expect(await codecs(song.downloads.mp3)).toMatchObject({ codec: 'mp3', sampleRate: 44100 });
    expect(await codecs(song.downloads.wav)).toMatchObject({ codec: 'pcm_s16le', sampleRate: 44100 });
    const mp3Bitrate = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=bit_rate',
      '-of',
      'csv=p=0',
      song.downloads.mp3,
    ]);
    expect(Number(mp3Bitrate.toString().trim())).toBe(320_000);
  });

  it('cuts a preview of at most 45 s from 30% in', async () => {
    const probe = await probeMedia(tools, song.preview);
    expect(probe.durationSeconds).toBeLessThanOrEqual(MAX_PREVIEW_SECONDS + 0.05);
    expect(probe.durationSeconds).toBeGreaterThan(MAX_PREVIEW_SECONDS - 0.1);
  });

  it('tags the FLAC and MP3 with title, artist, album and track, and embeds the cover', async () => {
    for (const file of [song.downloads.flac, song.downloads.mp3]) {
      const probe = await probeMedia(tools, file);
      expect(probe.tags, file).toMatchObject({ title: 'Night Drive', artist: 'The Testers', album: 'First Light' });
      expect(probe.tags.track, file).toMatch(/^4(\/|$)/);
      const pictures = execFileSync('ffprobe', [
        '-v',
        'error',
        '-select_streams',
        'v',
        '-show_entries',
        'stream=codec_name:stream_disposition=attached_pic',
        '-of',
        'json',
        file,
      ]);
      expect(JSON.parse(pictures.toString()).streams).toEqual([
        { codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
      ]);
    }
  });

  it('keeps the original samples in the WAV download and adds RIFF INFO tags', async () => {
    const probe = await probeMedia(tools, song.downloads.wav);
    expect(probe.tags).toMatchObject({ title: 'Night Drive', artist: 'The Testers', album: 'First Light' });
    const bytes = fs.readFileSync(song.downloads.wav);
    expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
    expect(bytes.includes(Buffer.from('INAM'))).toBe(true);
    const pcmBytes = 60 * 44100 * 2 * 2;
    expect(bytes.length).toBeGreaterThan(pcmBytes);
    expect(bytes.length).toBeLessThan(pcmBytes + 1024);
  });

  it('writes HLS playlists for on-demand playback that reference segments that exist', () => {
    const master = fs.readFileSync(song.hls.playlist, 'utf8');
    const mediaName = master.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const media = fs.readFileSync(path.join(path.dirname(song.hls.playlist), mediaName), 'utf8');
    for (const text of [master, media]) {
      expect(text.match(/#EXT-X-VERSION:/g)).toHaveLength(1);
      expect(text).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
      expect(text).not.toContain('PROGRAM-DATE-TIME');
    }
    expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const uris = [...media.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!);
    const segments = media.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThanOrEqual(10);
    const listed = new Set(song.hls.files.map((file) => path.basename(file)));
    for (const name of [mediaName, ...uris, ...segments]) {
      expect(listed.has(name), name).toBe(true);
      expect(fs.existsSync(path.join(path.dirname(song.hls.playlist), name)), name).toBe(true);
    }
    const total = [...media.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(total).toBeCloseTo(60, 0);
  });

  it('writes a static DASH manifest whose template matches the segment files', () => {
    const mpd = fs.readFileSync(song.dash.manifest, 'utf8');
    expect(mpd).toContain('type="static"');
    expect(mpd).toContain('codecs="mp4a.40.2"');
    const template = /initialization="([^"]+)" media="([^"]+)" startNumber="(\d+)"/.exec(mpd)!;
    const repeats = [...mpd.matchAll(/<S (?:t="\d+" )?d="\d+"(?: r="(\d+)")? \/>/g)];
    const segmentCount = repeats.reduce((sum, m) => sum + 1 + Number(m[1] ?? 0), 0);
    const names = song.dash.files.map((file) => path.basename(file));
    expect(names).toContain(template[1]);
    for (let n = Number(template[3]); n < Number(template[3]) + segmentCount; n++) {
      expect(names).toContain(template[2]!.replace('$Number%05d$', String(n).padStart(5, '0')));
    }
    expect(names.filter((name) => name.endsWith('.m4s'))).toHaveLength(segmentCount);
  });

  it("describes the DASH presentation as the song, the encoder's priming left to the edit list (decision 0055)", () => {
    // ffmpeg's timeline is in presentation time: Chromium's media source applies the init segment's edit
    // list, so no presentationTimeOffset is wanted (one cut 23 ms of the song's start). The timeline is the
    // song's length within a millisecond: this song is encoded in two halves, and the join's points sit a
    // quarter sample early (streamJoinList), which the last frame's duration carries.
    const mpd = fs.readFileSync(song.dash.manifest, 'utf8');
    expect(mpd).not.toContain('presentationTimeOffset');
    expect(Math.abs(timelineEnd(mpd) - 60 * 44100)).toBeLessThanOrEqual(44);
  });

  it('maps every output once to a storage key under the song prefix, with its content type', () => {
    const prefix = 'songs/a1The_Band/s1';
    const objects = listSongOutputs(song, workDir, prefix);
    const keys = objects.map((object) => object.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => key.startsWith('songs/a1The_Band/s1/'))).toBe(true);
    expect(objects.length).toBe(new Set([...song.hls.files, ...song.dash.files]).size + 4);
    expect(songOutputKeys(song, workDir, prefix)).toEqual({
      streamFile: 'songs/a1The_Band/s1/stream/master.m3u8',
      dashManifest: 'songs/a1The_Band/s1/stream/manifest.mpd',
      previewFile: 'songs/a1The_Band/s1/preview/preview.m4a',
      downloadFile: 'songs/a1The_Band/s1/download/song.flac',
      downloadFiles: {
        flac: 'songs/a1The_Band/s1/download/song.flac',
        mp3: 'songs/a1The_Band/s1/download/song.mp3',
        wav: 'songs/a1The_Band/s1/download/song.wav',
      },
    });
    const types = Object.fromEntries(
      objects.map((object) => [object.key.split('/').slice(3).join('/'), object.contentType]),
    );
    expect(types).toMatchObject({
      'stream/master.m3u8': 'application/vnd.apple.mpegurl',
      'stream/manifest.mpd': 'application/dash+xml',
      'stream/init.mp4': 'audio/mp4',
      'stream/segment-00001.m4s': 'video/iso.segment',
      'preview/preview.m4a': 'audio/mp4',
      'download/song.flac': 'audio/flac',
      'download/song.mp3': 'audio/mpeg',
      'download/song.wav': 'audio/wav',
    });
    // Only the downloads are attachments; named by the browser from the key when no name is given.
    const dispositions = objects.filter((object) => object.contentDisposition);
    expect(dispositions.map((object) => object.key.split('/').slice(3).join('/')).sort()).toEqual([
      'download/song.flac',
      'download/song.mp3',
      'download/song.wav',
    ]);
    expect(dispositions.every((object) => object.contentDisposition === 'attachment')).toBe(true);
  });

  it('stores the downloads as attachments named after the song when it has a name', () => {
    const name = (format: 'flac' | 'mp3' | 'wav') => downloadFileName('Zoë & Band', 'First "Light"', format);
    const objects = listDownloadOutputs(song.downloads, workDir, 'songs/a1/s1', name);
    expect(Object.fromEntries(objects.map((object) => [object.key, object.contentDisposition]))).toEqual({
      'songs/a1/s1/download/song.flac': `attachment; filename="Zoe__Band-First_Light.flac"; filename*=UTF-8''Zoe__Band-First_Light.flac`,
      'songs/a1/s1/download/song.mp3': `attachment; filename="Zoe__Band-First_Light.mp3"; filename*=UTF-8''Zoe__Band-First_Light.mp3`,
      'songs/a1/s1/download/song.wav': `attachment; filename="Zoe__Band-First_Light.wav"; filename*=UTF-8''Zoe__Band-First_Light.wav`,
    });
  });

  it('computes waveform peaks: silence first, then the half-scale tone', () => {
    expect(song.peaks).toHaveLength(1000);
    expect(song.peaks.every((peak) => peak >= 0 && peak <= 1)).toBe(true);
    const silent = song.peaks.slice(0, 160);
    const loud = song.peaks.slice(170);
    expect(Math.max(...silent)).toBeLessThan(0.01);
    expect(Math.min(...loud)).toBeGreaterThan(0.45);
    expect(Math.max(...loud)).toBeLessThan(0.52);
  });

  it('measures loudness (EBU R128) close to the values a half-scale sine gives', () => {
    expect(song.loudness.integratedLufs).toBeGreaterThan(-8);
    expect(song.loudness.integratedLufs).toBeLessThan(-5.5);
    expect(song.loudness.truePeakDb).toBeCloseTo(-6.02, 0);
    expect(song.loudness.lra).toBeLessThan(1);
  });
});

describe('transcodeSong on a short mono 48 kHz WAV without album, track or artwork', () => {
  it('keeps 48 kHz, previews the whole song and tags what it has', async () => {
    const input = makeWav('mono.wav', "'0.25*sin(2*PI*1000*t)'", 20, 48000, 'pcm_s24le');
    const song = await transcodeSong({
      inputPath: input,
      workDir: path.join(dir, 'mono'),
      meta: { title: 'Short', artist: 'Solo' },
      tools,
    });
    expect(song.durationSeconds).toBeCloseTo(20, 2);
    // One encode (not split in halves): the timeline is the song's length to the sample.
    expect(timelineEnd(fs.readFileSync(song.dash.manifest, 'utf8'))).toBe(20 * 48000);
    const preview = await probeMedia(tools, song.preview);
    expect(preview.durationSeconds).toBeCloseTo(20, 0);
    expect(preview.audio).toMatchObject({ sampleRate: 48000, channels: 1 });
    const flac = await probeMedia(tools, song.downloads.flac);
    expect(flac.audio).toMatchObject({ sampleRate: 48000, bitsPerSample: 24 });
    expect(flac.tags).toMatchObject({ title: 'Short', artist: 'Solo' });
    expect(flac.tags.album).toBeUndefined();
    expect(flac.streamTypes).toEqual(['audio']);
    expect(song.peaks.length).toBe(1000);
  }, 60_000);
});

/** A stream's audio as ffmpeg decodes it: the init segment and every media segment, in order. */
function decodeStream(streamDir: string, channels: number): Int16Array {
  const names = fs
    .readdirSync(streamDir)
    .filter((name) => name.endsWith('.m4s'))
    .sort();
  const whole = path.join(streamDir, 'whole.mp4');
  fs.writeFileSync(
    whole,
    Buffer.concat(['init.mp4', ...names].map((name) => fs.readFileSync(path.join(streamDir, name)))),
  );
  const pcm = execFileSync('ffmpeg', ['-v', 'error', '-i', whole, '-f', 's16le', '-ac', String(channels), '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2);
}

/** Signal-to-difference ratio in dB of b against a, over [from, to) of the interleaved samples. */
function ratioDb(a: Int16Array, b: Int16Array, from: number, to: number): number {
  let signal = 0;
  let difference = 0;
  for (let i = from; i < to; i++) {
    signal += a[i]! * a[i]!;
    difference += (a[i]! - b[i]!) ** 2;
  }
  return 10 * Math.log10(signal / Math.max(difference, 1));
}

describe('a long song: its stream encoded in two halves side by side, joined frame-exactly', () => {
  // A rising tone over noise: every frame differs, so a frame lost, doubled or shifted at the join shows.
  const music = "'0.3*sin(2*PI*(200+15*t)*t)+0.05*(2*random(0)-1)'";

  async function bothWays(file: string, channels: number, rate: number) {
    const input = makeWav(file, Array(channels).fill(music).join('|'), 62, rate);
    const workDir = path.join(dir, `${file}-split`);
    const running = await startTranscode({ inputPath: input, workDir, meta: tags, tools });
    const stream = await running.stream;
    running.abort(new Error('Only the stream is compared.'));
    await running.settled;
    const oneEncode = path.join(dir, `${file}-one`);
    fs.mkdirSync(oneEncode);
    await runMediaTool(tools.ffmpeg, streamPassArgs(input, stream.source, oneEncode));
    const split = streamSplit(stream.source)!;
    return {
      joined: decodeStream(path.join(workDir, 'stream'), channels),
      single: decodeStream(oneEncode, channels),
      // The join in interleaved samples of the decoded audio (which keeps the priming frame in front).
      join: (split.joinSample + 1024) * channels,
      halfFrame: 512 * channels,
      files: fs.readdirSync(workDir),
      timestamps: packetTimestamps(path.join(workDir, 'stream', 'whole.mp4')),
    };
  }

  /** Each AAC frame's presentation time: what a browser's media source places the audio by. */
  function packetTimestamps(file: string): number[] {
    const csv = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts', '-of', 'csv=p=0', file]);
    return csv.toString().trim().split('\n').map(Number);
  }

  it('gives the same frames as one encode: the first half identical, the second as close as another encode', async () => {
    const { joined, single, join, halfFrame, files, timestamps } = await bothWays('long-stereo.wav', 2, 44100);
    expect(joined.length).toBe(single.length);
    // One frame after another on the timeline, the priming frame first: no gap or overlap at the join.
    expect(timestamps[0]).toBe(-1024);
    expect(timestamps.every((pts, i) => i === 0 || pts - timestamps[i - 1]! === 1024)).toBe(true);
    // Up to the frames the join touches, the first half is bit for bit the single encode's.
    expect(ratioDb(single, joined, 0, join - 4 * halfFrame)).toBeGreaterThan(90);
    // Across the join and after it: two encodes of the same audio differ by their noise alone (about
    // 40 dB below it); a frame dropped, doubled or shifted would put the difference near the signal (0 dB).
    expect(ratioDb(single, joined, join - 8 * halfFrame, join + 8 * halfFrame)).toBeGreaterThan(25);
    expect(ratioDb(single, joined, join, single.length)).toBeGreaterThan(25);
    expect(files).not.toContain('stream-halves');
  }, 60_000);

  it('keeps the frame grid when a 96 kHz source is resampled to 48 kHz', async () => {
    const { joined, single, join, halfFrame } = await bothWays('long-96k.wav', 1, 96000);
    expect(joined.length).toBe(single.length);
    expect(ratioDb(single, joined, join - 8 * halfFrame, join + 8 * halfFrame)).toBeGreaterThan(25);
    expect(ratioDb(single, joined, join, single.length)).toBeGreaterThan(25);
  }, 60_000);
});

describe('transcodeSong refusing files', () => {
  it('rejects an MP3 renamed .wav with a reason a person understands', async () => {
    const mp3 = path.join(dir, 'real.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=3', '-c:a', 'libmp3lame', mp3]);
    const renamed = path.join(dir, 'renamed.wav');
    fs.copyFileSync(mp3, renamed);
    const attempt = transcodeSong({ inputPath: renamed, workDir: path.join(dir, 'renamed'), meta: tags, tools });
    await expect(attempt).rejects.toThrow(new MediaRejectedError(LOSSLESS_MESSAGES.lossy('MP3')));
  });

  it('rejects a truncated WAV as damaged', async () => {
    const whole = makeWav('whole.wav', "'0.5*sin(2*PI*440*t)'", 5);
    const cut = path.join(dir, 'cut.wav');
    fs.writeFileSync(cut, fs.readFileSync(whole).subarray(0, 200_000));
    const attempt = transcodeSong({ inputPath: cut, workDir: path.join(dir, 'cut'), meta: tags, tools });
    await expect(attempt).rejects.toThrow(WAV_MESSAGES.damaged);
  });

  it('stops both ffmpeg processes when the job is aborted', async () => {
    const input = makeWav('long.wav', "'0.5*sin(2*PI*440*t)'", 90);
    const controller = new AbortController();
    const started = Date.now();
    const attempt = transcodeSong({
      inputPath: input,
      workDir: path.join(dir, 'aborted'),
      meta: tags,
      tools,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('The job ran too long.')), 300);
    await expect(attempt).rejects.toThrow('The job ran too long.');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
