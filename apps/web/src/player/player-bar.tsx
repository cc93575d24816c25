import { formatDuration } from '@hfm/shared';
import { usePlayer } from './player-context';
import { Waveform } from './waveform';
import './player-bar.css';

/** The bar at the foot of the screen for the song in the player: play/pause, previous/next, waveform and seek. */
export function PlayerBar() {
  const player = usePlayer();
  const { song, state, time, queue } = player;
  if (!song) return null;
  const playing = state === 'playing' || state === 'loading';
  const duration = time.duration || song.duration || 0;
  const position = queue.findIndex((entry) => entry.id === song.id);
  return (
    <div className="player-bar" role="region" aria-label="Player">
      <div className="player-bar__controls">
        {queue.length > 1 && (
          <button type="button" className="player-bar__step" onClick={player.previous} aria-label="Previous song">
            <StepIcon direction="previous" />
          </button>
        )}
        <button
          type="button"
          className="player-bar__toggle"
          onClick={playing ? player.pause : player.resume}
          aria-label={`${playing ? 'Pause' : 'Play'} ${song.title}`}
        >
          {playing ? '❚❚' : '▶'}
        </button>
        {queue.length > 1 && (
          <button
            type="button"
            className="player-bar__step"
            onClick={player.next}
            disabled={position >= queue.length - 1}
            aria-label="Next song"
          >
            <StepIcon direction="next" />
          </button>
        )}
      </div>
      <div className="player-bar__info" aria-live="polite">
        <strong>{song.title}</strong>
        <span className="player-bar__time">
          {state === 'error' ? player.error : `${formatDuration(time.current)} / ${formatDuration(duration)}`}
        </span>
      </div>
      <div className="player-bar__track">
        <Waveform songId={song.id} progress={duration ? time.current / duration : 0} />
        <input
          className="player-bar__seek"
          type="range"
          min={0}
          max={duration}
          step={1}
          value={time.current}
          aria-label="Position"
          onChange={(event) => player.seek(Number(event.target.value))}
        />
      </div>
      <button type="button" className="player-bar__close" onClick={player.close} aria-label="Close player">
        ×
      </button>
    </div>
  );
}

/** Skip-to-start / skip-to-end, drawn so they show in any font. */
function StepIcon({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
      {direction === 'previous' ? <path d="M6 5h2v14H6zM20 5v14L9 12z" /> : <path d="M16 5h2v14h-2zM4 5v14l11-7z" />}
    </svg>
  );
}
