import { formatDuration, type PublicSong } from '@hfm/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/server-errors';
import { fetchPlaySources } from '../../api/songs';
import { attachPlayback, canPlayNativeHls, choosePlayback } from './playback';

export interface PlayerBarProps {
  song: PublicSong | null;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
  onClose: () => void;
}

/** A small bar that plays the chosen song: native HLS on Apple devices, DASH elsewhere, else the preview. */
export function PlayerBar({ song, playing, onPlayingChange, onClose }: PlayerBarProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<{ songId: string | null; loaded: boolean; error: string | null }>({
    songId: null,
    loaded: false,
    error: null,
  });
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const songId = song?.id ?? null;

  useEffect(() => {
    const audio = audioRef.current;
    if (!songId || !audio) return;
    let release: (() => void) | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const sources = await fetchPlaySources(songId);
        const choice = choosePlayback(sources, canPlayNativeHls(audio));
        if (!choice) throw new Error('This song has nothing to play yet.');
        if (cancelled) return;
        release = await attachPlayback(audio, choice, sources.preview);
        if (cancelled) return release();
        setStatus({ songId, loaded: true, error: null });
        await audio.play().catch(() => onPlayingChange(false));
      } catch (error) {
        if (!cancelled) setStatus({ songId, loaded: false, error: errorMessage(error) });
      }
    })();
    return () => {
      cancelled = true;
      audio.pause();
      release?.();
    };
    // onPlayingChange is the parent's setter; a new song (not a new callback) reloads the player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [songId]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !status.loaded || status.songId !== songId) return;
    if (playing && audio.paused) void audio.play().catch(() => onPlayingChange(false));
    if (!playing && !audio.paused) audio.pause();
  }, [playing, status, songId, onPlayingChange]);

  const error = status.songId === songId ? status.error : null;
  return (
    <div className={song ? 'player-bar' : 'player-bar player-bar--hidden'} aria-hidden={song ? undefined : true}>
      <audio
        ref={audioRef}
        onPlay={() => onPlayingChange(true)}
        onPause={() => onPlayingChange(false)}
        onEnded={() => onPlayingChange(false)}
        onTimeUpdate={(event) =>
          setTime({ current: event.currentTarget.currentTime, duration: event.currentTarget.duration || 0 })
        }
      />
      {song && (
        <>
          <button
            type="button"
            className="player-bar__toggle"
            onClick={() => onPlayingChange(!playing)}
            aria-label={`${playing ? 'Pause' : 'Play'} ${song.title}`}
          >
            {playing ? '❚❚' : '▶'}
          </button>
          <div className="player-bar__info" aria-live="polite">
            <strong>{song.title}</strong>
            <span className="studio-muted">
              {error ?? `${formatDuration(time.current)} / ${formatDuration(time.duration || song.duration)}`}
            </span>
          </div>
          <input
            className="player-bar__seek"
            type="range"
            min={0}
            max={time.duration || song.duration || 0}
            step={1}
            value={time.current}
            aria-label="Position"
            onChange={(event) => {
              if (audioRef.current) audioRef.current.currentTime = Number(event.target.value);
            }}
          />
          <button type="button" className="player-bar__close" onClick={onClose} aria-label="Close player">
            ×
          </button>
        </>
      )}
    </div>
  );
}
