import { describe, expect, it } from 'vitest';
import {
  deliveryRate,
  downloadsPassArgs,
  previewFilter,
  previewPassArgs,
  previewWindow,
  probeArgs,
  singlePassArgs,
  streamHalfArgs,
  streamJoinArgs,
  streamJoinList,
  streamPassArgs,
  streamSplit,
} from './ffmpeg-args.js';

const stereo = { sampleRate: 44100, channels: 2, durationSeconds: 300 };
const tags = { title: 'Night Drive', artist: 'The Testers', album: 'First Light', trackNumber: 4 };
const downloads = { flacPath: '/w/download.flac', mp3Path: '/w/download.mp3', wavPath: '/w/download.wav' };
const stream = { streamDir: '/w/stream', previewPath: '/w/preview.m4a' };

/** The options given to the output written to `target`: everything after the previous output path. */
function outputOptions(args: string[], target: string): string[] {
  const end = args.indexOf(target);
  expect(end, target).toBeGreaterThan(0);
  const outputs = new Set(['/w/stream/manifest.mpd', stream.previewPath, ...Object.values(downloads), '-', 'pipe:1']);
  const firstOutput = Math.max(args.indexOf('-filter_complex'), args.lastIndexOf('-i')) + 1;
  let start = end - 1;
  while (start > firstOutput && !(outputs.has(args[start]!) && args[start - 1] !== '-i')) start--;
  return args.slice(start + 1, end);
}

function pairs(args: string[], flag: string): string[] {
  return args.flatMap((arg, index) => (arg === flag ? [args[index + 1]!] : []));
}

describe('probeArgs', () => {
  it('asks ffprobe for JSON format and streams', () => {
    expect(probeArgs('/in.wav')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '/in.wav',
    ]);
  });
});

describe('deliveryRate', () => {
  it.each([
    [44100, 44100],
    [48000, 48000],
    [88200, 44100],
    [96000, 48000],
    [22050, 44100],
    [192000, 48000],
    [32000, 48000],
  ])('%i Hz source -> %i Hz', (source, expected) => expect(deliveryRate(source)).toBe(expected));
});

describe('previewWindow', () => {
  it.each([
    [20, { startSeconds: 0, lengthSeconds: 20, fadeInSeconds: 0, fadeOutSeconds: 0 }],
    [45, { startSeconds: 0, lengthSeconds: 45, fadeInSeconds: 0, fadeOutSeconds: 0 }],
    [46, { startSeconds: 1, lengthSeconds: 45, fadeInSeconds: 1, fadeOutSeconds: 0 }],
    [60, { startSeconds: 15, lengthSeconds: 45, fadeInSeconds: 1, fadeOutSeconds: 0 }],
    [300, { startSeconds: 90, lengthSeconds: 45, fadeInSeconds: 1, fadeOutSeconds: 2 }],
    [3600, { startSeconds: 1080, lengthSeconds: 45, fadeInSeconds: 1, fadeOutSeconds: 2 }],
  ])('a %i s song', (duration, expected) => {
    const window = previewWindow(duration);
    expect(window).toEqual(expected);
    expect(window.lengthSeconds).toBeLessThanOrEqual(45);
    expect(window.startSeconds + window.lengthSeconds).toBeLessThanOrEqual(duration);
  });

  it('trims, restarts the clock and fades in and out', () => {
    expect(previewFilter(previewWindow(300))).toBe(
      'atrim=start=90:duration=45,asetpts=PTS-STARTPTS,afade=t=in:st=0:d=1,afade=t=out:st=43:d=2',
    );
    expect(previewFilter(previewWindow(30))).toBe('atrim=start=0:duration=30,asetpts=PTS-STARTPTS');
  });
});

describe('streamPassArgs', () => {
  const args = streamPassArgs('/in.wav', stereo, stream.streamDir);

  it('reads the WAV and makes the stream alone, with no filter graph', () => {
    expect(pairs(args, '-i')).toEqual(['/in.wav']);
    expect(args).not.toContain('-filter_complex');
  });

  it('encodes AAC 256k once into CMAF segments with both a DASH manifest and HLS playlists', () => {
    const options = args.slice(args.indexOf('/in.wav') + 1, args.indexOf('/w/stream/manifest.mpd'));
    expect(options.join(' ')).toContain('-map 0:a:0 -c:a aac -b:a 256k -ar 44100');
    expect(options.join(' ')).toContain('-f dash -dash_segment_type mp4 -hls_playlist 1 -hls_master_name master.m3u8');
    expect(pairs(options, '-seg_duration')).toEqual(['6']);
    expect(pairs(options, '-init_seg_name')).toEqual(['init.mp4']);
    expect(pairs(options, '-media_seg_name')).toEqual(['segment-$Number%05d$.m4s']);
    expect(options).not.toContain('-ac');
    expect(args.at(-1)).toBe('/w/stream/manifest.mpd');
  });

  it('mixes down to stereo and resamples a 96 kHz surround source', () => {
    const surround = streamPassArgs('/in.wav', { sampleRate: 96000, channels: 6, durationSeconds: 60 }, '/w/stream');
    expect(surround.join(' ')).toContain('-ar 48000 -ac 2');
  });
});

describe('streamSplit and the halves of a long stream', () => {
  it('encodes a short song, or one whose rate is not a whole multiple of 44.1 or 48 kHz, in one process', () => {
    expect(streamSplit({ ...stereo, durationSeconds: 59.9 })).toBeNull();
    expect(streamSplit({ sampleRate: 32000, channels: 2, durationSeconds: 300 })).toBeNull();
    expect(streamSplit({ sampleRate: 22050, channels: 2, durationSeconds: 300 })).toBeNull();
  });

  it('joins a 5-minute song at a whole AAC frame near its middle', () => {
    const split = streamSplit(stereo)!;
    expect(split).toEqual({ joinSample: 6459 * 1024, rate: 44100, sourceSamplesPerSample: 1 });
    expect(split.joinSample / 44100).toBeCloseTo(150, 0);
  });

  it('cuts a 96 kHz source on the same frame grid as its 48 kHz stream', () => {
    const split = streamSplit({ sampleRate: 96000, channels: 2, durationSeconds: 120 })!;
    expect(split).toEqual({ joinSample: 2812 * 1024, rate: 48000, sourceSamplesPerSample: 2 });
    const second = streamHalfArgs(
      '/in.wav',
      { sampleRate: 96000, channels: 2, durationSeconds: 120 },
      split,
      'second',
      '/h/2.m4a',
    );
    expect(pairs(second, '-af')).toEqual([`atrim=start_sample=${(2812 - 16) * 1024 * 2},asetpts=PTS-STARTPTS`]);
    expect(pairs(second, '-ar')).toEqual(['48000']);
  });

  it('encodes each half as AAC 256k in MP4, overlapping the join by 16 frames', () => {
    const split = streamSplit(stereo)!;
    const first = streamHalfArgs('/in.wav', stereo, split, 'first', '/h/first.m4a');
    expect(pairs(first, '-af')).toEqual([`atrim=end_sample=${(6459 + 16) * 1024}`]);
    expect(pairs(first, '-c:a')).toEqual(['aac']);
    expect(pairs(first, '-b:a')).toEqual(['256k']);
    expect(first.slice(-3)).toEqual(['-f', 'mp4', '/h/first.m4a']);
  });

  it('joins at the frames a quarter sample before each cut, and copies them into the stream with the priming restored', () => {
    const split = streamSplit(stereo)!;
    expect(streamJoinList(split).split('\n')).toEqual([
      'ffconcat version 1.0',
      'file first.m4a',
      `outpoint ${((6459 * 1024 - 0.25) / 44100).toFixed(9)}`,
      'file second.m4a',
      `inpoint ${((16 * 1024 - 0.25) / 44100).toFixed(9)}`,
      '',
    ]);
    const join = streamJoinArgs('/h/join.ffconcat', split, '/w/stream');
    expect(pairs(join, '-itsoffset')).toEqual([`-${(1024 / 44100).toFixed(9)}`]);
    expect(pairs(join, '-c:a')).toEqual(['copy']);
    expect(pairs(join, '-i')).toEqual(['/h/join.ffconcat']);
    expect(join.at(-1)).toBe('/w/stream/manifest.mpd');
  });
});

describe('previewPassArgs', () => {
  const args = previewPassArgs('/in.wav', stereo, stream.previewPath);

  it('reads the WAV once, cuts the preview, measures loudness and makes the peaks in the filter graph', () => {
    expect(pairs(args, '-i')).toEqual(['/in.wav']);
    expect(pairs(args, '-filter_complex')).toEqual([
      `[0:a:0]asplit=3[v][l][p];[v]${previewFilter(previewWindow(300))}[preview];` +
        '[l]ebur128=peak=true:framelog=verbose[loudness];' +
        '[p]aresample=8000,aformat=sample_fmts=s16:channel_layouts=mono[peaks]',
    ]);
    expect(outputOptions(args, '-')).toEqual(['-map', '[loudness]', '-f', 'null']);
  });

  it('writes the preview as AAC in MP4 with the index first', () => {
    const options = outputOptions(args, stream.previewPath);
    expect(options.join(' ')).toBe(
      '-map [preview] -c:a aac -b:a 256k -ar 44100 -map_metadata -1 -movflags +faststart -f mp4',
    );
  });

  it('sends the peaks PCM to stdout', () => {
    expect(outputOptions(args, 'pipe:1')).toEqual(['-map', '[peaks]', '-f', 's16le']);
  });
});

describe('downloadsPassArgs', () => {
  const args = downloadsPassArgs('/in.wav', stereo, tags, '/w/cover.jpg', downloads);
  const metadata = ['title=Night Drive', 'artist=The Testers', 'album=First Light', 'track=4'];

  it('takes the artwork as the second input and needs no filter graph', () => {
    expect(pairs(args, '-i')).toEqual(['/in.wav', '/w/cover.jpg']);
    expect(args).not.toContain('-filter_complex');
  });

  it('tags a FLAC at the source rate and embeds the cover as a picture', () => {
    const options = outputOptions(args, downloads.flacPath);
    expect(options.slice(0, 4)).toEqual(['-map', '0:a:0', '-c:a', 'flac']);
    expect(options).not.toContain('-ar');
    expect(pairs(options, '-metadata')).toEqual(metadata);
    expect(options.join(' ')).toContain('-map 1:v:0 -c:v copy -disposition:v:0 attached_pic');
    expect(pairs(options, '-map_metadata')).toEqual(['-1']);
  });

  it('tags an MP3 at 320 kb/s with ID3v2.3 and the cover', () => {
    const options = outputOptions(args, downloads.mp3Path);
    expect(options.join(' ')).toContain('-c:a libmp3lame -b:a 320k -ar 44100');
    expect(pairs(options, '-metadata')).toEqual(metadata);
    expect(pairs(options, '-id3v2_version')).toEqual(['3']);
    expect(options.join(' ')).toContain('-map 1:v:0 -c:v copy');
  });

  it('copies the original samples into a WAV with INFO tags and no picture', () => {
    const options = outputOptions(args, downloads.wavPath);
    expect(options.join(' ')).toContain('-map 0:a:0 -c:a copy');
    expect(pairs(options, '-metadata')).toEqual(metadata);
    expect(options).not.toContain('1:v:0');
    expect(pairs(options, '-rf64')).toEqual(['auto']);
  });

  it('writes nothing to stdout (the peaks come with the preview)', () => {
    expect(args).not.toContain('-');
    expect(args).not.toContain('pipe:1');
  });

  it('leaves out the cover and the tags a song does not have', () => {
    const bare = downloadsPassArgs('/in.wav', stereo, { title: 'Solo', artist: 'Me' }, undefined, downloads);
    expect(pairs(bare, '-i')).toEqual(['/in.wav']);
    expect(bare).not.toContain('1:v:0');
    expect(pairs(outputOptions(bare, downloads.flacPath), '-metadata')).toEqual(['title=Solo', 'artist=Me']);
  });
});

describe('singlePassArgs', () => {
  it('produces every output of both passes from one decode', () => {
    const args = singlePassArgs('/in.wav', stereo, tags, '/w/cover.jpg', { ...stream, ...downloads });
    expect(pairs(args, '-i')).toEqual(['/in.wav', '/w/cover.jpg']);
    expect(pairs(args, '-filter_complex')[0]).toMatch(/^\[0:a:0\]asplit=3\[v\]\[l\]\[p\];\[v\]atrim=/);
    for (const target of ['/w/stream/manifest.mpd', stream.previewPath, ...Object.values(downloads), '-', 'pipe:1']) {
      expect(args).toContain(target);
    }
  });
});
