import { MAX_PREVIEW_SECONDS } from '@hfm/shared';

/**
 * Pure ffmpeg/ffprobe argument builders: no I/O, unit-tested without running ffmpeg.
 * The song pipeline runs the passes that make a song playable side by side, and the downloads at the
 * lowest CPU priority, so they only take what the others leave:
 *   stream pass:    AAC 256k -> CMAF segments + HLS + DASH (the longest: it sets the time to first sound);
 *                   from a minute up, two halves encoded at once, then joined without re-encoding;
 *   preview pass:   the preview, loudness (EBU R128) and the PCM for waveform peaks;
 *   downloads pass: FLAC + MP3 + tagged WAV.
 */

export const STREAM_BITRATE = '256k';
export const MP3_BITRATE = '320k';
export const SEGMENT_SECONDS = 6;
export const PEAKS_SAMPLE_RATE = 8000;
export const PREVIEW_FADE_IN_SECONDS = 1;
export const PREVIEW_FADE_OUT_SECONDS = 2;
/** Songs at least this long take their preview from 30% in; shorter ones from the start. */
export const PREVIEW_OFFSET_RATIO = 0.3;

export const STREAM_FILES = {
  dashManifest: 'manifest.mpd',
  hlsMaster: 'master.m3u8',
  init: 'init.mp4',
  segmentPattern: 'segment-$Number%05d$.m4s',
} as const;

export interface SourceAudio {
  sampleRate: number;
  channels: number;
  durationSeconds: number;
}

export interface SongTags {
  title: string;
  artist: string;
  album?: string | undefined;
  trackNumber?: number | undefined;
}

export interface PreviewWindow {
  startSeconds: number;
  lengthSeconds: number;
  fadeInSeconds: number;
  fadeOutSeconds: number;
}

export function probeArgs(inputPath: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', inputPath];
}

/** AAC and MP3 run at 44.1 or 48 kHz: the source's rate when it is one of them, else its family's. */
export function deliveryRate(sourceRate: number): 44100 | 48000 {
  if (sourceRate === 44100 || sourceRate === 48000) return sourceRate;
  return sourceRate % 11025 === 0 ? 44100 : 48000;
}

/** At most MAX_PREVIEW_SECONDS; from 30% in when the song is long enough, ending before the song does. */
export function previewWindow(durationSeconds: number): PreviewWindow {
  if (durationSeconds <= MAX_PREVIEW_SECONDS) {
    return { startSeconds: 0, lengthSeconds: durationSeconds, fadeInSeconds: 0, fadeOutSeconds: 0 };
  }
  const latestStart = durationSeconds - MAX_PREVIEW_SECONDS;
  const startSeconds = roundMs(Math.min(durationSeconds * PREVIEW_OFFSET_RATIO, latestStart));
  return {
    startSeconds,
    lengthSeconds: MAX_PREVIEW_SECONDS,
    fadeInSeconds: startSeconds > 0 ? PREVIEW_FADE_IN_SECONDS : 0,
    fadeOutSeconds: startSeconds + MAX_PREVIEW_SECONDS < durationSeconds ? PREVIEW_FADE_OUT_SECONDS : 0,
  };
}

export function previewFilter(window: PreviewWindow): string {
  const filters = [`atrim=start=${window.startSeconds}:duration=${window.lengthSeconds}`, 'asetpts=PTS-STARTPTS'];
  if (window.fadeInSeconds > 0) filters.push(`afade=t=in:st=0:d=${window.fadeInSeconds}`);
  if (window.fadeOutSeconds > 0) {
    const start = roundMs(window.lengthSeconds - window.fadeOutSeconds);
    filters.push(`afade=t=out:st=${start}:d=${window.fadeOutSeconds}`);
  }
  return filters.join(',');
}

/** Encoder settings shared by the stream and the preview: AAC-LC, at most stereo. */
function aacOptions(source: SourceAudio): string[] {
  return [
    '-c:a',
    'aac',
    '-b:a',
    STREAM_BITRATE,
    '-ar',
    String(deliveryRate(source.sampleRate)),
    ...stereoAtMost(source),
  ];
}

function stereoAtMost(source: SourceAudio): string[] {
  return source.channels > 2 ? ['-ac', '2'] : [];
}

/** One AAC encode into CMAF (fMP4) segments, described by both a DASH manifest and HLS playlists. */
export function streamOutputArgs(source: SourceAudio, streamDir: string): string[] {
  return ['-map', '0:a:0', ...aacOptions(source), ...cmafOutputArgs(streamDir)];
}

/** The CMAF segments, HLS playlists and DASH manifest of whatever AAC reaches the muxer. */
function cmafOutputArgs(streamDir: string): string[] {
  return [
    '-f',
    'dash',
    '-dash_segment_type',
    'mp4',
    '-hls_playlist',
    '1',
    '-hls_master_name',
    STREAM_FILES.hlsMaster,
    '-seg_duration',
    String(SEGMENT_SECONDS),
    '-use_template',
    '1',
    '-use_timeline',
    '1',
    '-init_seg_name',
    STREAM_FILES.init,
    '-media_seg_name',
    STREAM_FILES.segmentPattern,
    '-adaptation_sets',
    'id=0,streams=a',
    '-streaming',
    '0',
    '-write_prft',
    '0',
    '-map_metadata',
    '-1',
    `${streamDir}/${STREAM_FILES.dashManifest}`,
  ];
}

/** The preview: AAC in an MP4 (.m4a) with its index up front, so a browser can play it by range. */
export function previewOutputArgs(source: SourceAudio, label: string, previewPath: string): string[] {
  return [
    '-map',
    `[${label}]`,
    ...aacOptions(source),
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    previewPath,
  ];
}

function metadataArgs(tags: SongTags): string[] {
  const values: Array<[string, string | undefined]> = [
    ['title', tags.title],
    ['artist', tags.artist],
    ['album', tags.album],
    ['track', tags.trackNumber === undefined ? undefined : String(tags.trackNumber)],
  ];
  const args = ['-map_metadata', '-1'];
  for (const [key, value] of values) if (value) args.push('-metadata', `${key}=${value}`);
  return args;
}

/** Input 1 (or `input`) is the artwork (JPEG or PNG), stored as-is as the front cover. */
function artworkArgs(hasArtwork: boolean, input = 1): string[] {
  if (!hasArtwork) return [];
  return [
    '-map',
    `${input}:v:0`,
    '-c:v',
    'copy',
    '-disposition:v:0',
    'attached_pic',
    '-metadata:s:v:0',
    'title=Album cover',
    '-metadata:s:v:0',
    'comment=Cover (front)',
  ];
}

/** Lossless FLAC at the source's rate and depth, tagged, with the cover as a FLAC picture. */
export function flacOutputArgs(tags: SongTags, hasArtwork: boolean, flacPath: string): string[] {
  return ['-map', '0:a:0', '-c:a', 'flac', ...artworkArgs(hasArtwork), ...metadataArgs(tags), '-f', 'flac', flacPath];
}

/** MP3 320 kb/s CBR with ID3v2.3 tags (and v1 for old players) and the cover as an APIC frame. */
export function mp3OutputArgs(source: SourceAudio, tags: SongTags, hasArtwork: boolean, mp3Path: string): string[] {
  return [
    '-map',
    '0:a:0',
    '-c:a',
    'libmp3lame',
    '-b:a',
    MP3_BITRATE,
    '-ar',
    String(deliveryRate(source.sampleRate)),
    ...stereoAtMost(source),
    ...artworkArgs(hasArtwork),
    ...metadataArgs(tags),
    '-id3v2_version',
    '3',
    '-write_id3v1',
    '1',
    '-f',
    'mp3',
    mp3Path,
  ];
}

/** The original samples, untouched, in a WAV carrying RIFF INFO tags (INAM, IART, IPRD, IPRT). */
export function wavOutputArgs(tags: SongTags, wavPath: string): string[] {
  return ['-map', '0:a:0', '-c:a', 'copy', ...metadataArgs(tags), '-rf64', 'auto', '-f', 'wav', wavPath];
}

/** The FLAC and MP3 downloads: the files that carry a song's tags and cover into a fan's player. */
export type TaggedDownloadPaths = Pick<DownloadsPassPaths, 'flacPath' | 'mp3Path'>;

/** One song's re-tagging: its FLAC and MP3 made anew from `inputs` with its tags and cover. */
export interface RetagWork {
  inputs: TaggedDownloadPaths;
  tags: SongTags;
  /** JPEG or PNG, stored as the front cover. */
  artworkPath: string | undefined;
  outputs: TaggedDownloadPaths;
}

/**
 * New tags (and cover) on finished FLAC and MP3 downloads without re-encoding, for many songs in one ffmpeg
 * (starting the process costs more than copying a song's frames): each distinct file is one input, and each
 * output copies its input's audio as the downloads pass wrote it.
 */
export function retagDownloadsArgs(songs: RetagWork[]): string[] {
  const inputs: string[] = [];
  const inputOf = (file: string) => {
    if (!inputs.includes(file)) inputs.push(file);
    return inputs.indexOf(file);
  };
  const outputs = songs.flatMap((song) => {
    const artwork = song.artworkPath === undefined ? undefined : inputOf(song.artworkPath);
    const tagged = [...artworkArgs(artwork !== undefined, artwork), ...metadataArgs(song.tags)];
    return [
      ...['-map', `${inputOf(song.inputs.flacPath)}:a:0`, '-c:a', 'copy', ...tagged, '-f', 'flac'],
      song.outputs.flacPath,
      ...['-map', `${inputOf(song.inputs.mp3Path)}:a:0`, '-c:a', 'copy', ...tagged, '-id3v2_version', '3'],
      ...['-write_id3v1', '1', '-f', 'mp3', song.outputs.mp3Path],
    ];
  });
  return [...QUIET_ARGS, ...inputs.flatMap((file) => ['-i', file]), ...outputs];
}

/** EBU R128 (integrated, range, true peak): the summary is printed to stderr at the end. */
export function loudnessFilter(): string {
  return 'ebur128=peak=true:framelog=verbose';
}

/** Mono 16-bit PCM at a low rate, written to stdout for the waveform peaks. */
export function peaksFilter(): string {
  return `aresample=${PEAKS_SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono`;
}

export function nullOutputArgs(label: string): string[] {
  return ['-map', `[${label}]`, '-f', 'null', '-'];
}

export function peaksOutputArgs(label: string): string[] {
  return ['-map', `[${label}]`, '-f', 's16le', 'pipe:1'];
}

/** Quiet, non-interactive, overwriting: how every ffmpeg run here starts. */
const QUIET_ARGS = ['-hide_banner', '-nostdin', '-nostats', '-y'];

export function inputArgs(inputPath: string, artworkPath?: string): string[] {
  const args = [...QUIET_ARGS, '-i', inputPath];
  if (artworkPath) args.push('-i', artworkPath);
  return args;
}

export interface StreamPassPaths {
  streamDir: string;
  previewPath: string;
}

export interface DownloadsPassPaths {
  flacPath: string;
  mp3Path: string;
  wavPath: string;
}

/** Pass 1 (one core): the AAC encode into CMAF segments, HLS playlists and the DASH manifest. */
export function streamPassArgs(inputPath: string, source: SourceAudio, streamDir: string): string[] {
  return [...inputArgs(inputPath), ...streamOutputArgs(source, streamDir)];
}

/** ffmpeg's AAC encoder: samples per frame, and the silent frame it puts first (its edit list hides it). */
export const AAC_FRAME_SAMPLES = 1024;
export const AAC_PRIMING_SAMPLES = 1024;
/** Shorter songs encode in one process: two halves and a join would cost more than they save. */
export const SPLIT_STREAM_MIN_SECONDS = 60;
/** Frames each half encodes beyond the join and drops, so the encoder's choices there match a whole encode. */
export const JOIN_OVERLAP_FRAMES = 16;

/**
 * Where a long stream is cut in two for encoding on both cores: the first output sample of the second
 * half, a whole number of AAC frames in, so both halves frame the audio exactly as one encode would.
 */
export interface StreamSplit {
  joinSample: number;
  /** Output rate, and source samples per output sample (resampling by a whole factor keeps the grid). */
  rate: number;
  sourceSamplesPerSample: number;
}

/** Null when the song is short or its rate is not a whole multiple of the delivery rate (one encode then). */
export function streamSplit(source: SourceAudio): StreamSplit | null {
  const rate = deliveryRate(source.sampleRate);
  if (source.durationSeconds < SPLIT_STREAM_MIN_SECONDS || source.sampleRate % rate !== 0) return null;
  const frames = Math.floor((source.durationSeconds * rate) / AAC_FRAME_SAMPLES);
  return {
    joinSample: Math.floor(frames / 2) * AAC_FRAME_SAMPLES,
    rate,
    sourceSamplesPerSample: source.sampleRate / rate,
  };
}

export const STREAM_HALVES = { first: 'first.m4a', second: 'second.m4a', list: 'join.ffconcat' } as const;

/**
 * One half of a split stream as AAC in MP4: the first half runs past the join, the second starts before
 * it, each by JOIN_OVERLAP_FRAMES; the join keeps only the frames on its own side.
 */
export function streamHalfArgs(
  inputPath: string,
  source: SourceAudio,
  split: StreamSplit,
  half: 'first' | 'second',
  outputPath: string,
): string[] {
  const overlap = JOIN_OVERLAP_FRAMES * AAC_FRAME_SAMPLES;
  const trim =
    half === 'first'
      ? `atrim=end_sample=${(split.joinSample + overlap) * split.sourceSamplesPerSample}`
      : `atrim=start_sample=${(split.joinSample - overlap) * split.sourceSamplesPerSample},asetpts=PTS-STARTPTS`;
  return [
    ...inputArgs(inputPath),
    '-map',
    '0:a:0',
    '-af',
    trim,
    ...aacOptions(source),
    '-map_metadata',
    '-1',
    '-f',
    'mp4',
    outputPath,
  ];
}

/**
 * The concat list joining the halves frame-exactly: the first half up to the join, the second from its
 * first frame past the overlap. Concat drops packets at or after an out point, starts at the packet that
 * holds an in point, and places the second file by out point minus in point: each point sits a quarter
 * sample early, so rounding to microseconds can neither keep the frame at the join nor move the second
 * half off the sample grid.
 */
export function streamJoinList(split: StreamSplit): string {
  const seconds = (samples: number) => ((samples - 0.25) / split.rate).toFixed(9);
  return [
    'ffconcat version 1.0',
    `file ${STREAM_HALVES.first}`,
    `outpoint ${seconds(split.joinSample)}`,
    `file ${STREAM_HALVES.second}`,
    `inpoint ${seconds(JOIN_OVERLAP_FRAMES * AAC_FRAME_SAMPLES)}`,
    '',
  ].join('\n');
}

/**
 * The halves' frames, copied (no re-encode) into the stream's CMAF segments. Concat starts the joined
 * audio at zero; shifting it back by the priming frame restores the edit list a whole encode writes.
 */
export function streamJoinArgs(listPath: string, split: StreamSplit, streamDir: string): string[] {
  return [
    ...QUIET_ARGS,
    '-itsoffset',
    `-${(AAC_PRIMING_SAMPLES / split.rate).toFixed(9)}`,
    '-f',
    'concat',
    '-i',
    listPath,
    '-map',
    '0:a:0',
    '-c:a',
    'copy',
    ...cmafOutputArgs(streamDir),
  ];
}

/** Pass 2 (the other core): the preview, the loudness summary (on stderr) and the peaks PCM on stdout. */
export function previewPassArgs(inputPath: string, source: SourceAudio, previewPath: string): string[] {
  const preview = previewFilter(previewWindow(source.durationSeconds));
  const graph =
    `[0:a:0]asplit=3[v][l][p];[v]${preview}[preview];` + `[l]${loudnessFilter()}[loudness];[p]${peaksFilter()}[peaks]`;
  return [
    ...inputArgs(inputPath),
    '-filter_complex',
    graph,
    ...previewOutputArgs(source, 'preview', previewPath),
    ...nullOutputArgs('loudness'),
    ...peaksOutputArgs('peaks'),
  ];
}

/** Pass 3 (whatever CPU the others leave, then all of it): the three downloads. */
export function downloadsPassArgs(
  inputPath: string,
  source: SourceAudio,
  tags: SongTags,
  artworkPath: string | undefined,
  paths: DownloadsPassPaths,
): string[] {
  const hasArtwork = Boolean(artworkPath);
  return [
    ...inputArgs(inputPath, artworkPath),
    ...flacOutputArgs(tags, hasArtwork, paths.flacPath),
    ...mp3OutputArgs(source, tags, hasArtwork, paths.mp3Path),
    ...wavOutputArgs(tags, paths.wavPath),
  ];
}

/** Every output from one decode in one process: the baseline the benchmark compares against. */
export function singlePassArgs(
  inputPath: string,
  source: SourceAudio,
  tags: SongTags,
  artworkPath: string | undefined,
  paths: StreamPassPaths & DownloadsPassPaths,
): string[] {
  const preview = previewFilter(previewWindow(source.durationSeconds));
  const graph =
    `[0:a:0]asplit=3[v][l][p];[v]${preview}[preview];` + `[l]${loudnessFilter()}[loudness];[p]${peaksFilter()}[peaks]`;
  const hasArtwork = Boolean(artworkPath);
  return [
    ...inputArgs(inputPath, artworkPath),
    '-filter_complex',
    graph,
    ...streamOutputArgs(source, paths.streamDir),
    ...previewOutputArgs(source, 'preview', paths.previewPath),
    ...flacOutputArgs(tags, hasArtwork, paths.flacPath),
    ...mp3OutputArgs(source, tags, hasArtwork, paths.mp3Path),
    ...wavOutputArgs(tags, paths.wavPath),
    ...nullOutputArgs('loudness'),
    ...peaksOutputArgs('peaks'),
  ];
}

function roundMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
