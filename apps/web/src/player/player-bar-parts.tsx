import { formatDuration } from '@hfm/shared';
import * as Switch from '@radix-ui/react-switch';
import type { KeyboardEvent } from 'react';
import { PlayerIcon } from './player-icons';
import type { Player } from './player-context';
import type { PlayerSettings } from './player-settings';
import { Waveform } from './waveform';

/** Arrow keys on the focused position slider (and the waveform under it) jump this far. */
export const SEEK_STEP_SECONDS = 5;

const SEEK_KEYS: Record<string, number> = {
  ArrowLeft: -SEEK_STEP_SECONDS,
  ArrowDown: -SEEK_STEP_SECONDS,
  ArrowRight: SEEK_STEP_SECONDS,
  ArrowUp: SEEK_STEP_SECONDS,
};

/** What the bar, the phone's full-screen player and their parts are drawn from. */
export interface PlayerViewProps {
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

export const isPlaying = (player: Player) => player.state === 'playing' || player.state === 'loading';

export function PlayToggle({ player }: { player: Player }) {
  const playing = isPlaying(player);
  return (
    <button
      type="button"
      className="player-bar__toggle"
      onClick={playing ? player.pause : player.resume}
      aria-label={`${playing ? 'Pause' : 'Play'} ${player.song?.title ?? ''}`}
    >
      <PlayerIcon name={playing ? 'pause' : 'play'} />
    </button>
  );
}

/** Previous, play or pause, next (previous and next only for a queue). */
export function Transport({ player }: { player: Player }) {
  const { queue, index } = player;
  return (
    <div className="player-bar__controls">
      {queue.length > 1 && (
        <button type="button" className="player-bar__icon" onClick={player.previous} aria-label="Previous song">
          <PlayerIcon name="previous" />
        </button>
      )}
      <PlayToggle player={player} />
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
  );
}

/** The song, its artist, where it is in the queue, and the time (or what went wrong). */
export function SongInfo({ player, time, songDuration, playableEnd }: PlayerViewProps) {
  const { song, queue, index, state } = player;
  if (!song) return null;
  return (
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
          {formatDuration(time)} / {formatDuration(playableEnd ?? songDuration)}
        </span>
      )}
    </div>
  );
}

/** The waveform with the position slider over it. */
export function SeekTrack({ player, time, songDuration, playableEnd, seekBy }: PlayerViewProps) {
  const { song } = player;
  if (!song) return null;
  const shownDuration = playableEnd ?? songDuration;
  const seekKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = SEEK_KEYS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    seekBy(step);
  };
  return (
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
  );
}

/** Mute, volume and even loudness. */
export function SoundControls({ settings, onSettingsChange }: Pick<PlayerViewProps, 'settings' | 'onSettingsChange'>) {
  return (
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
  );
}

/** Opens the list of what plays next. */
export function QueueButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" className="player-bar__icon" onClick={onOpen} aria-label="Queue" aria-haspopup="dialog">
      <PlayerIcon name="queue" />
    </button>
  );
}

/** Why the song stops at its preview's end; the link opens the artist page with its subscribe modal open. */
export function PreviewOffer({ artistName, artistSlug }: { artistName?: string; artistSlug?: string }) {
  const text = `Preview — subscribe to ${artistName ?? 'the artist'} to hear the whole song`;
  return (
    <p className="player-bar__offer">
      {artistSlug ? <a href={`/a/${encodeURIComponent(artistSlug)}?subscribe`}>{text}</a> : text}
    </p>
  );
}

/** The song's cover (a note when it has none). */
export function Artwork({ src, large = false }: { src?: string | null; large?: boolean }) {
  const className = large ? 'player-art player-art--large' : 'player-art';
  return src ? (
    <img className={className} src={src} alt="" />
  ) : (
    <span className={`${className} player-art--blank`} aria-hidden="true">
      ♪
    </span>
  );
}
