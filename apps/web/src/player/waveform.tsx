import { useSongPeaks } from '../api/songs/get-song-peaks';

const BARS = 120;

/** The loudest peak in each of `count` equal slices. */
export function downsample(peaks: number[], count: number): number[] {
  if (peaks.length <= count) return peaks;
  return Array.from({ length: count }, (_, bar) => {
    const start = Math.floor((bar * peaks.length) / count);
    const end = Math.floor(((bar + 1) * peaks.length) / count);
    return Math.max(...peaks.slice(start, end));
  });
}

export interface WaveformProps {
  songId: string;
  /** How much has played, 0 to 1. */
  progress: number;
  /** How much of the song this listener may hear, 0 to 1 (a preview's part); the rest is drawn faint. */
  playableUntil?: number;
}

/**
 * The song's waveform, the played part in the accent colour and any part beyond a preview faint. Its peaks
 * are fetched for the song in the player only, once per song.
 */
export function Waveform({ songId, progress, playableUntil = 1 }: WaveformProps) {
  const peaks = useSongPeaks(songId).data;
  if (!peaks?.length) return <div className="waveform waveform--empty" aria-hidden="true" />;
  const bars = downsample(peaks, BARS);
  const played = Math.round(progress * bars.length);
  const playable = Math.round(playableUntil * bars.length);
  return (
    <svg
      className="waveform"
      viewBox={`0 0 ${bars.length} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="waveform"
    >
      {bars.map((level, bar) => {
        const height = Math.max(4, level * 100);
        return (
          <rect
            key={bar}
            className={
              bar < played
                ? 'waveform__bar waveform__bar--played'
                : bar >= playable
                  ? 'waveform__bar waveform__bar--locked'
                  : 'waveform__bar'
            }
            x={bar + 0.15}
            y={(100 - height) / 2}
            width={0.7}
            height={height}
          />
        );
      })}
    </svg>
  );
}
