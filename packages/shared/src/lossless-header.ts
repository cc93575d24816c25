/**
 * The one rule an uploaded file meets before any work is spent on it, in the browser (before the upload
 * starts) and on the server (when the upload completes): lossless audio in the container its name says
 * (WAV, FLAC, AIFF, ALAC in .m4a), a sane shape, a sample rate fit for music, a length within the limit,
 * and, for the compressed containers, no more audio than lossless compression can pack into its bytes.
 */
import { parseAiffHeader, parseFlacHeader, sniffAudio, type ContainerHeader } from './container-headers.js';
import {
  containerOfName,
  extensionOf,
  LOSSLESS_MESSAGES,
  audioNameProblem,
  type LosslessContainer,
} from './lossless-containers.js';
import { parseMp4Audio } from './mp4-header.js';
import {
  checkWavHeader,
  headerSeconds,
  MediaRejectedError,
  MIN_SAMPLE_RATE,
  parseWavHeader,
  type ByteSource,
  type WavLimits,
} from './wav-header.js';

/**
 * Lossless compression packs real music into a third to two thirds of its PCM; even a quiet recording
 * keeps a noise floor. A file whose header claims more than this many times its own size in PCM is a
 * decompression bomb (or a lying header), refused before any decoder runs.
 */
export const MAX_LOSSLESS_EXPANSION = 50;

/** The file is the wrong kind (lossy, not audio, a renamed container): 415 rather than 400. */
export class MediaTypeRejectedError extends MediaRejectedError {}

export type LosslessHeader = ContainerHeader;

/** PCM bytes the header's audio decodes to. */
export function decodedBytes(header: LosslessHeader): number {
  return header.seconds * header.sampleRate * header.channels * Math.ceil(header.bitsPerSample / 8);
}

/**
 * Reads and judges the header of a file named `name`: the header (with its claimed length) when it
 * passes, else a MediaRejectedError whose message is meant for the artist.
 */
export async function readLosslessHeader(source: ByteSource, name: string, limits: WavLimits): Promise<LosslessHeader> {
  const named = audioNameProblem(name);
  if (named) throw new MediaTypeRejectedError(named);
  const expected = containerOfName(name)!;
  const sniffed = await sniffAudio(source);
  if (sniffed.kind === 'lossy') throw new MediaTypeRejectedError(LOSSLESS_MESSAGES.lossy(sniffed.label));
  if (sniffed.kind === 'unknown') throw new MediaTypeRejectedError(LOSSLESS_MESSAGES.notContainer(expected));
  const container = sniffed.kind === 'mp4' ? 'alac' : sniffed.container;
  if (container !== expected) {
    // An MP4 named .wav may be AAC: say that, rather than ask for a rename to .m4a.
    if (sniffed.kind === 'mp4' && 'lossy' in (await parseMp4Audio(source).catch(() => ({})))) {
      throw new MediaTypeRejectedError(LOSSLESS_MESSAGES.lossy('AAC'));
    }
    throw new MediaTypeRejectedError(LOSSLESS_MESSAGES.renamed(container, extensionOf(name)));
  }
  try {
    if (container === 'wav') {
      const wav = await parseWavHeader(source);
      checkWavHeader(wav, limits);
      const bitsPerSample = (wav.blockAlign / wav.channels) * 8;
      return {
        container,
        channels: wav.channels,
        sampleRate: wav.sampleRate,
        bitsPerSample,
        seconds: headerSeconds(wav),
      };
    }
    const header = await parseContainer(source, container, sniffed.kind === 'lossless' ? sniffed.offset : 0);
    checkLosslessHeader(header, limits, source.size);
    return header;
  } catch (error) {
    // A header whose numbers run past the bytes read is a damaged file, never a crash.
    if (error instanceof RangeError) throw new MediaRejectedError(LOSSLESS_MESSAGES.damaged(container));
    throw error;
  }
}

async function parseContainer(source: ByteSource, container: LosslessContainer, offset: number) {
  if (container === 'flac') return parseFlacHeader(source, offset);
  if (container === 'aiff') return parseAiffHeader(source);
  const audio = await parseMp4Audio(source);
  if ('lossy' in audio) throw new MediaTypeRejectedError(LOSSLESS_MESSAGES.lossy(audio.lossy));
  return audio;
}

/**
 * The limits every container meets, from the header alone: a shape a recorder writes, a length it
 * states, a sample rate fit for music, at most `maxSeconds`, and (FLAC, ALAC) no bomb.
 */
export function checkLosslessHeader(header: LosslessHeader, limits: WavLimits, fileBytes: number): void {
  const { container, channels, sampleRate, bitsPerSample, seconds } = header;
  const shapeIsSane =
    channels >= 1 &&
    channels <= 32 &&
    sampleRate >= 1000 &&
    sampleRate <= 768_000 &&
    bitsPerSample >= 8 &&
    bitsPerSample <= 64;
  if (!shapeIsSane) throw new MediaRejectedError(LOSSLESS_MESSAGES.damaged(container));
  if (!(seconds > 0)) {
    throw new MediaRejectedError(
      container === 'aiff' ? LOSSLESS_MESSAGES.empty(container) : LOSSLESS_MESSAGES.unknownLength(container),
    );
  }
  if (sampleRate < MIN_SAMPLE_RATE)
    throw new MediaRejectedError(LOSSLESS_MESSAGES.lowSampleRate(container, sampleRate));
  if (seconds > limits.maxSeconds) throw new MediaRejectedError(LOSSLESS_MESSAGES.tooLong(seconds, limits.maxSeconds));
  const compressed = container === 'flac' || container === 'alac';
  if (compressed && decodedBytes(header) > MAX_LOSSLESS_EXPANSION * fileBytes) {
    throw new MediaRejectedError(LOSSLESS_MESSAGES.tooDense(container, seconds, fileBytes));
  }
}

/**
 * What the browser can say about a chosen file before sending it: the reason to refuse it, or null when
 * its header passes (the server checks again, and ffprobe and the decoder have the last word).
 */
export async function audioFileProblem(source: ByteSource, name: string, limits: WavLimits): Promise<string | null> {
  try {
    await readLosslessHeader(source, name, limits);
    return null;
  } catch (error) {
    if (error instanceof MediaRejectedError) return error.message;
    throw error;
  }
}
