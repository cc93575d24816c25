/**
 * The lossless containers an artist may upload (decision 0053): what each is called, the names and types
 * that carry it, and what a musician reads when a file is refused. One home for the web app's file picker
 * and pre-upload check and for the server's checks.
 */
import { formatBytes } from './library.js';
import { messages } from './messages.js';
import { formatLength, MIN_SAMPLE_RATE, WAV_MESSAGES } from './wav-header.js';

export const LOSSLESS_CONTAINERS = ['wav', 'flac', 'aiff', 'alac'] as const;
export type LosslessContainer = (typeof LOSSLESS_CONTAINERS)[number];

interface ContainerFacts {
  label: string;
  /** The names it goes by; the first is the one a renamed file is asked to take. */
  extensions: readonly string[];
  /** What the stored original is served as. */
  contentType: string;
  /** Types browsers and tools give it (react-dropzone's accept map, and the server's name check). */
  mimeTypes: readonly string[];
}

export const CONTAINER_FACTS: Record<LosslessContainer, ContainerFacts> = {
  wav: {
    label: 'WAV',
    extensions: ['.wav'],
    contentType: 'audio/wav',
    mimeTypes: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  },
  flac: { label: 'FLAC', extensions: ['.flac'], contentType: 'audio/flac', mimeTypes: ['audio/flac', 'audio/x-flac'] },
  aiff: {
    label: 'AIFF',
    extensions: ['.aiff', '.aif', '.aifc'],
    contentType: 'audio/aiff',
    mimeTypes: ['audio/aiff', 'audio/x-aiff'],
  },
  alac: {
    label: 'ALAC',
    extensions: ['.m4a'],
    contentType: 'audio/mp4',
    mimeTypes: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'],
  },
};

/** 'WAV, FLAC, AIFF or ALAC' */
export const LOSSLESS_LABELS = 'WAV, FLAC, AIFF or ALAC';

/** Formats that have already thrown detail away, by the names they usually carry. */
const LOSSY_EXTENSIONS: Record<string, string> = {
  '.mp3': 'MP3',
  '.aac': 'AAC',
  '.ogg': 'Ogg Vorbis',
  '.oga': 'Ogg Vorbis',
  '.opus': 'Opus',
  '.wma': 'WMA',
  '.amr': 'AMR',
};

/** Types a browser may give any file; the name then decides. */
const NEUTRAL_TYPES = ['', 'application/octet-stream'];

/** 'an MP3', 'an AAC', 'an Opus', 'a FLAC', 'a WAV' (said as words or as letters). */
const an = (label: string) => (/^(?:[AEIOU]|MP)/.test(label) ? `an ${label}` : `a ${label}`);

export const LOSSLESS_MESSAGES = {
  lossy: (label: string) =>
    `This is ${an(label)} file, which has already lost detail. Upload the lossless master: ${LOSSLESS_LABELS}.`,
  notContainer: (container: LosslessContainer) =>
    container === 'wav' ? WAV_MESSAGES.notWav : `This file is not ${an(CONTAINER_FACTS[container].label)} audio file.`,
  damaged: (container: LosslessContainer) =>
    container === 'wav'
      ? WAV_MESSAGES.damaged
      : `This ${CONTAINER_FACTS[container].label} file is damaged and cannot be read.`,
  compressedAiff: 'This AIFF file holds compressed audio. Please upload an uncompressed AIFF file.',
  empty: (container: LosslessContainer) =>
    container === 'wav' ? WAV_MESSAGES.empty : `This ${CONTAINER_FACTS[container].label} file has no audio in it.`,
  unknownLength: (container: LosslessContainer) =>
    `This ${CONTAINER_FACTS[container].label} file does not say how long it is. Please export it again.`,
  lowSampleRate: (container: LosslessContainer, hz: number) =>
    container === 'wav'
      ? WAV_MESSAGES.lowSampleRate(hz)
      : `This ${CONTAINER_FACTS[container].label} file's sample rate is ${hz.toLocaleString('en-US')} Hz, too low for music. ` +
        `Please upload audio at ${MIN_SAMPLE_RATE.toLocaleString('en-US')} Hz or more (44,100 or 48,000 Hz is usual).`,
  tooLong: WAV_MESSAGES.tooLong,
  /** A small file claiming far more audio than lossless compression can pack: a decompression bomb. */
  tooDense: (container: LosslessContainer, seconds: number, bytes: number) =>
    `This ${CONTAINER_FACTS[container].label} file says it holds ${formatLength(seconds)} of audio in only ` +
    `${formatBytes(bytes)}, far more than lossless audio fits in so little. Please export it again.`,
  renamed: (container: LosslessContainer, extension: string) =>
    `This file holds ${CONTAINER_FACTS[container].label} audio but its name ends in ${extension}. ` +
    `Rename it to end in ${CONTAINER_FACTS[container].extensions[0]} and upload it again.`,
} as const;

export function extensionOf(name: string): string {
  const match = /\.[^./\\]+$/.exec(name.trim());
  return match ? match[0].toLowerCase() : '';
}

/** The lossless container a file name promises, or null. */
export function containerOfName(name: string): LosslessContainer | null {
  const extension = extensionOf(name);
  return LOSSLESS_CONTAINERS.find((container) => CONTAINER_FACTS[container].extensions.includes(extension)) ?? null;
}

/**
 * What the name and type alone refuse, before a byte is read: a lossy format by its name (the reason in
 * words for a musician), or anything else that is not a lossless container (the spec's message). Null
 * when the name is one of ours (the content is checked later).
 */
export function audioNameProblem(name: string, type = ''): string | null {
  const lossy = LOSSY_EXTENSIONS[extensionOf(name)];
  if (lossy) return LOSSLESS_MESSAGES.lossy(lossy);
  if (!containerOfName(name)) return messages.unsupportedAudio;
  const mime = type.toLowerCase();
  if (NEUTRAL_TYPES.includes(mime) || mime.startsWith('audio/')) return null;
  return messages.unsupportedAudio;
}

/** The content type the stored original is served as, from its (checked) name. */
export function contentTypeOfName(name: string): string {
  const container = containerOfName(name);
  return container ? CONTAINER_FACTS[container].contentType : 'application/octet-stream';
}

/** react-dropzone's accept map: every type and name of the lossless containers. */
export function losslessAccept(): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const container of LOSSLESS_CONTAINERS) {
    const { mimeTypes, extensions } = CONTAINER_FACTS[container];
    for (const mime of mimeTypes) accept[mime] = [...extensions];
  }
  return accept;
}

/** Every accepted file name ending, e.g. for the limits route and the upload screen. */
export const LOSSLESS_EXTENSIONS = LOSSLESS_CONTAINERS.flatMap((container) => CONTAINER_FACTS[container].extensions);
