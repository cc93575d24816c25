import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import {
  Artwork,
  PreviewOffer,
  QueueButton,
  SeekTrack,
  SongInfo,
  SoundControls,
  Transport,
  type PlayerViewProps,
} from './player-bar-parts';
import { PlayerIcon } from './player-icons';
import './full-player.css';

interface FullPlayerProps extends PlayerViewProps {
  onClose: () => void;
  /** Where focus goes back to once closed: the compact bar's button that opened it. */
  opener: RefObject<HTMLButtonElement | null>;
  onQueue: () => void;
}

/**
 * The phone's full-screen player, opened from the compact bar: a dialog (focus kept inside, Escape or the
 * button closes it, focus goes back to the bar). Loaded on the first tap, a chunk of its own.
 */
export default function FullPlayer({ onClose, onQueue, opener, ...props }: FullPlayerProps) {
  const { player, playableEnd, settings, onSettingsChange } = props;
  const song = player.song;
  if (!song) return null;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Content
          className="full-player"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!opener.current) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <header className="full-player__header">
            <Dialog.Close className="player-bar__icon" aria-label="Close the full-screen player">
              <PlayerIcon name="collapse" />
            </Dialog.Close>
            <Dialog.Title className="full-player__heading">Now playing</Dialog.Title>
            <QueueButton onOpen={onQueue} />
          </header>
          <Artwork src={song.artwork} large />
          <SongInfo {...props} />
          <SeekTrack {...props} />
          <Transport player={player} />
          <SoundControls settings={settings} onSettingsChange={onSettingsChange} />
          {playableEnd !== null && <PreviewOffer artistName={song.artistName} artistSlug={song.artistSlug} />}
          <button
            type="button"
            className="full-player__stop"
            onClick={() => {
              onClose();
              player.close();
            }}
          >
            Close player
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
