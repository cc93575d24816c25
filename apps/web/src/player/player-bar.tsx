import { formatDuration } from '@hfm/shared';
import * as Switch from '@radix-ui/react-switch';
import type { KeyboardEvent } from 'react';
import { PlayerIcon } from './player-icons';
import type { Player } from './player-context';
import type { PlayerSettings } from './player-settings';
import { useBottomOverlay } from './use-bottom-overlay';
import { Waveform } from './waveform';
import './player-bar.css';

/** Arrow keys on the focused position slider (and the waveform under it) jump this far. */
export const SEEK_STEP_SECONDS = 5;

const SEEK_KEYS: Record<string, number> = {
  ArrowLeft: -SEEK_STEP_SECONDS,
  ArrowDown: -SEEK_STEP_SECONDS,
  ArrowRight: SEEK_STEP_SECONDS,
  ArrowUp: SEEK_STEP_SECONDS,
};

export interface PlayerBarProps {
  player: Player;
  /** Seconds into the song. */
  time: number;
  /** The whole song's length in seconds (what the waveform spans); 0 when not known. */
  songDuration: number;
  /** Where a preview stops, in seconds; null when the listener hears the whole song. */
  playableEnd: number | null;
  /** Moves the position by this many seconds from where playback is now. */
  seekBy: (seconds: number) => void;
  settings: PlayerSettings;
  onSettingsChange: (change: Partial<PlayerSettings>) => void;
}

/** The bar at the foot of every page while a song is in the player. */
export function PlayerBar({
  player,
  time,
  songDuration,
  playableEnd,
  seekBy,
  settings,
  onSettingsChange,
}: PlayerBarProps) {
  const barRef = useBottomOverlay<HTMLDivElement>();
  const { song, state, queue, index } = player;
  if (!song) return null;
  const playing = state === 'playing' || state === 'loading';
  const shownDuration = playableEnd ?? songDuration;
  const seekKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = SEEK_KEYS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    seekBy(step);
  };

  return (
    <div ref={barRef} className="player-bar" role="region" aria-label="Player">
      <div className="player-bar__controls">
        {queue.length > 1 && (
          <button type="button" className="player-bar__icon" onClick={player.previous} aria-label="Previous song">
            <PlayerIcon name="previous" />
          </button>
        )}
        <button
          type="button"
          className="player-bar__toggle"
          onClick={playing ? player.pause : player.resume}
          aria-label={`${playing ? 'Pause' : 'Play'} ${song.title}`}
        >
          <PlayerIcon name={playing ? 'pause' : 'play'} />
        </button>
        {queue.length > 1 && (
          <button
            type="button"
            className="player-bar__icon"
            onClick={player.next}
            disabled={index >= queue.length - 1}
            aria-label="Next song"
          >
            <PlayerIcon name="next" />
          </button>
        )}
      </div>

      <div className="player-bar__info">
        <strong className="player-bar__title" title={song.title}>
          {song.title}
        </strong>
        <span className="player-bar__meta">
          {song.artistName && <span className="player-bar__artist">{song.artistName}</span>}
          {queue.length > 1 && (
            <span className="player-bar__position">
              {index + 1} of {queue.length}
            </span>
          )}
        </span>
        {state === 'error' ? (
          <span className="player-bar__time" role="status">
            {player.error}
          </span>
        ) : (
          <span className="player-bar__time">
            {formatDuration(time)} / {formatDuration(shownDuration)}
          </span>
        )}
      </div>

      <div className="player-bar__track">
        <Waveform
          songId={song.id}
          progress={songDuration ? time / songDuration : 0}
          playableUntil={playableEnd !== null && songDuration ? playableEnd / songDuration : 1}
        />
        <input
          className="player-bar__seek"
          type="range"
          min={0}
          max={songDuration || 0}
          step="any"
          value={Math.min(time, songDuration || 0)}
          aria-label="Position"
          aria-valuetext={`${formatDuration(time)} of ${formatDuration(shownDuration)}`}
          onChange={(event) => player.seek(Number(event.target.value))}
          onKeyDown={seekKeys}
        />
      </div>

      <div className="player-bar__sound">
        <button
          type="button"
          className="player-bar__icon"
          onClick={() => onSettingsChange({ muted: !settings.muted })}
          aria-label={settings.muted ? 'Unmute' : 'Mute'}
        >
          <PlayerIcon name={settings.muted || settings.volume === 0 ? 'muted' : 'volume'} />
        </button>
        <input
          className="player-bar__volume"
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={settings.volume}
          aria-label="Volume"
          aria-valuetext={settings.muted ? 'Muted' : `${Math.round(settings.volume * 100)}%`}
          data-muted={settings.muted || undefined}
          onChange={(event) => onSettingsChange({ volume: Number(event.target.value), muted: false })}
        />
        <label className="player-bar__switch" title="Plays every song at the same loudness (-14 LUFS)">
          <Switch.Root
            className="player-bar__switch-root"
            checked={settings.evenLoudness}
            onCheckedChange={(evenLoudness) => onSettingsChange({ evenLoudness })}
          >
            <Switch.Thumb className="player-bar__switch-thumb" />
          </Switch.Root>
          <span>Even loudness</span>
        </label>
      </div>

      <button
        type="button"
        className="player-bar__icon player-bar__close"
        onClick={player.close}
        aria-label="Close player"
      >
        <PlayerIcon name="close" />
      </button>

      {playableEnd !== null && <PreviewOffer artistName={song.artistName} artistSlug={song.artistSlug} />}
    </div>
  );
}

/** Why the song stops at its preview's end; the link opens the artist page with its subscribe modal open. */
function PreviewOffer({ artistName, artistSlug }: { artistName?: string; artistSlug?: string }) {
  const text = `Preview — subscribe to ${artistName ?? 'the artist'} to hear the whole song`;
  return (
    <p className="player-bar__offer">
      {artistSlug ? <a href={`/a/${encodeURIComponent(artistSlug)}?subscribe`}>{text}</a> : text}
    </p>
  );
}
