import { lazy, Suspense, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import {
  Artwork,
  isPlaying,
  PlayToggle,
  PreviewOffer,
  QueueButton,
  SeekTrack,
  SongInfo,
  SoundControls,
  Transport,
  type PlayerViewProps,
} from './player-bar-parts';
import { PlayerIcon } from './player-icons';
import { useBottomOverlay } from './use-bottom-overlay';
import './player-bar.css';

export { SEEK_STEP_SECONDS } from './player-bar-parts';
export type PlayerBarProps = PlayerViewProps;

/** Opened by a tap on the phone's compact bar, and from either bar's Queue button: chunks of their own. */
const FullPlayer = lazy(() => import('./full-player'));
const QueuePanel = lazy(() => import('./queue-panel'));

/** Phones get the compact bar and the full-screen player (the width where the whole bar would wrap to 200 px). */
const PHONE_QUERY = '(max-width: 560px)';

function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
  );
}

/** The bar at the foot of every page while a song is in the player: whole on wider screens, compact on phones. */
export function PlayerBar(props: PlayerBarProps) {
  const phone = usePhoneLayout();
  const [fullOpen, setFullOpen] = useState(false);
  const [queueOpen, setQueueOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!props.player.song) return null;
  const openQueue = () => setQueueOpen(true);
  return (
    <>
      {phone ? (
        <CompactBar {...props} opener={opener} onOpen={() => setFullOpen(true)} />
      ) : (
        <WholeBar {...props} onQueue={openQueue} />
      )}
      <Suspense fallback={null}>
        {phone && fullOpen && (
          <FullPlayer {...props} opener={opener} onClose={() => setFullOpen(false)} onQueue={openQueue} />
        )}
        {queueOpen && <QueuePanel player={props.player} onClose={() => setQueueOpen(false)} />}
      </Suspense>
    </>
  );
}

function WholeBar(props: PlayerBarProps & { onQueue: () => void }) {
  const barRef = useBottomOverlay<HTMLDivElement>();
  const { player, playableEnd, settings, onSettingsChange } = props;
  const song = player.song!;
  return (
    <div ref={barRef} className="player-bar" role="region" aria-label="Player">
      <Transport player={player} />
      <SongInfo {...props} />
      <SeekTrack {...props} />
      <div className="player-bar__end">
        <SoundControls settings={settings} onSettingsChange={onSettingsChange} />
        <QueueButton onOpen={props.onQueue} />
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

/** A phone's bar, about 64 px: artwork, title, play or pause and a thin line for the position; a tap opens the rest. */
function CompactBar({
  player,
  time,
  songDuration,
  playableEnd,
  opener,
  onOpen,
}: PlayerBarProps & { opener: RefObject<HTMLButtonElement | null>; onOpen: () => void }) {
  const barRef = useBottomOverlay<HTMLDivElement>();
  const song = player.song!;
  const shownDuration = playableEnd ?? songDuration;
  const progress = shownDuration ? Math.min(1, time / shownDuration) : 0;
  const meta =
    player.state === 'error'
      ? player.error
      : [song.artistName, playableEnd !== null && 'Preview'].filter(Boolean).join(' · ');
  return (
    <div
      ref={barRef}
      className="player-mini"
      role="region"
      aria-label="Player"
      data-playing={isPlaying(player) || undefined}
    >
      <button
        ref={opener}
        type="button"
        className="player-mini__open"
        onClick={onOpen}
        aria-label={`Open the player: ${song.title}`}
      >
        <Artwork src={song.artwork} />
        <span className="player-mini__text">
          <strong className="player-mini__title">{song.title}</strong>
          <span className="player-mini__meta">{meta}</span>
        </span>
      </button>
      <PlayToggle player={player} />
      <span className="player-mini__progress" style={{ transform: `scaleX(${progress})` }} aria-hidden="true" />
    </div>
  );
}
