import { probeArgs } from './ffmpeg-args.js';
import { runMediaTool, type MediaTools } from './ffmpeg.js';

export interface ProbedAudio {
  codec: string;
  sampleRate: number;
  channels: number;
  /** 0 when the codec does not say (compressed formats). */
  bitsPerSample: number;
}

export interface ProbeResult {
  /** ffprobe's container name(s), e.g. 'wav' or 'mov,mp4,m4a,3gp,3g2,mj2'. */
  formatName: string;
  durationSeconds: number;
  /** The first audio stream, if there is one. */
  audio: ProbedAudio | undefined;
  tags: Record<string, string>;
  streamTypes: string[];
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    sample_rate?: string;
    channels?: number;
    bits_per_sample?: number;
    bits_per_raw_sample?: string;
    duration?: string;
  }>;
}

/** ffprobe's view of a media file; rejects (MediaToolError) when ffprobe cannot read it. */
export async function probeMedia(tools: MediaTools, path: string, signal?: AbortSignal): Promise<ProbeResult> {
  const { stdout } = await runMediaTool(tools.ffprobe, probeArgs(path), {
    collectStdout: true,
    signal,
    timeoutMs: 30_000,
  });
  return parseProbeJson(JSON.parse(stdout) as FfprobeJson);
}

export function parseProbeJson(json: FfprobeJson): ProbeResult {
  const streams = json.streams ?? [];
  const audioStream = streams.find((stream) => stream.codec_type === 'audio');
  const duration = Number(json.format?.duration ?? audioStream?.duration ?? 0);
  return {
    formatName: json.format?.format_name ?? '',
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    audio: audioStream
      ? {
          codec: audioStream.codec_name ?? '',
          sampleRate: Number(audioStream.sample_rate ?? 0),
          channels: audioStream.channels ?? 0,
          bitsPerSample: audioStream.bits_per_sample || Number(audioStream.bits_per_raw_sample ?? 0),
        }
      : undefined,
    tags: Object.fromEntries(Object.entries(json.format?.tags ?? {}).map(([key, value]) => [key.toLowerCase(), value])),
    streamTypes: streams.map((stream) => stream.codec_type ?? ''),
  };
}
