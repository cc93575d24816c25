import * as Switch from '@radix-ui/react-switch';
import {
  createPlaylistBody,
  DEFAULT_PLAYLIST_TITLE,
  HFM_PICKS_SONGS,
  messages,
  PLAYLIST_ARTWORK,
  playlistMessages,
  type AdminPlaylist,
  type CreatePlaylistBody,
} from '@hfm/shared';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'sonner';
import { usePlaylistForEditing } from '../../../api/playlists/get-playlist';
import { useSavePlaylist } from '../../../api/playlists/save-playlist';
import { useUploadPlaylistArtwork } from '../../../api/playlists/upload-artwork';
import { errorMessage, serverFieldErrors } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { useDiscardGuard } from '../../../ui/discard-changes';
import { ErrorBoundary } from '../../../ui/error-boundary';
import { ImageEditor, type CroppedImage } from '../../../ui/image-editor';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useAdminOptions } from '../admin-options';
import { PlaylistSongPicker, type PickedSong } from './playlist-song-picker';

/** Which playlist the modal edits: an id, or null for a new one. */
export interface PlaylistTarget {
  id: string | null;
}

export interface PlaylistModalProps {
  target: PlaylistTarget | null;
  onClose: () => void;
}

/** The spec's 'Edit Playlist' modal, for a new playlist (no id: Save creates) or an existing one (Save updates). */
export function PlaylistModal({ target, onClose }: PlaylistModalProps) {
  // The form knows whether anything changed: Escape and Close Modal ask it first.
  const requestCloseRef = useRef<() => void>(onClose);
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && requestCloseRef.current()}
      title="Edit Playlist"
      description={target?.id ? undefined : 'A new playlist: Save creates it.'}
      size="large"
      hideClose
    >
      <ErrorBoundary name="playlist editor">
        {target &&
          (target.id ? (
            <ExistingPlaylist id={target.id} onClose={onClose} requestCloseRef={requestCloseRef} />
          ) : (
            <PlaylistForm onClose={onClose} requestCloseRef={requestCloseRef} />
          ))}
      </ErrorBoundary>
    </Modal>
  );
}

interface CloseProps {
  onClose: () => void;
  requestCloseRef: RefObject<() => void>;
}

function ExistingPlaylist({ id, onClose, requestCloseRef }: CloseProps & { id: string }) {
  const playlist = usePlaylistForEditing(id);
  useEffect(() => {
    requestCloseRef.current = onClose;
  }, [onClose, requestCloseRef]);
  if (playlist.isPending) return <p className="playlist-form__status">{messages.loading}</p>;
  if (playlist.isError) {
    return (
      <div className="playlist-form__status" role="alert">
        <p>{errorMessage(playlist.error)}</p>
        <Button variant="secondary" onClick={onClose}>
          Close Modal
        </Button>
      </div>
    );
  }
  return (
    <PlaylistForm key={playlist.data.id} playlist={playlist.data} onClose={onClose} requestCloseRef={requestCloseRef} />
  );
}

const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const sameSongs = (a: PickedSong[], b: PickedSong[]) =>
  a.length === b.length && a.every((song, index) => song.id === b[index]?.id);

function PlaylistForm({ playlist, onClose, requestCloseRef }: CloseProps & { playlist?: AdminPlaylist }) {
  const { showAdminOptions } = useAdminOptions();
  const [title, setTitle] = useState(playlist?.title ?? DEFAULT_PLAYLIST_TITLE);
  const [songs, setSongs] = useState<PickedSong[]>(playlist?.tracks ?? []);
  const [isHFMRadio, setRadio] = useState(playlist?.isHFMRadio ?? false);
  const [isHFMPicks, setPicks] = useState(playlist?.isHFMPicks ?? false);
  const [showOnFrontPage, setFrontPage] = useState(playlist?.showOnFrontPage ?? false);
  const [position, setPosition] = useState(String(playlist?.position ?? -1));
  const [picksPosition, setPicksPosition] = useState(String(playlist?.HFMPicksPosition ?? ''));
  /** A new playlist's crop, held here until the first Save has made the playlist. */
  const [heldArtwork, setHeldArtwork] = useState<CroppedImage | null>(null);
  /** The artwork shown: the server's, or the crop just made (uploaded at once for an existing playlist). */
  const [artworkSrc, setArtworkSrc] = useState<string | null>(playlist?.artworkPath ?? null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePlaylist();
  const upload = useUploadPlaylistArtwork();
  // An existing playlist's artwork is saved as soon as it is cropped, so only a new one's held crop is unsaved.
  const guard = useDiscardGuard(
    () =>
      title !== (playlist?.title ?? DEFAULT_PLAYLIST_TITLE) ||
      !sameSongs(songs, playlist?.tracks ?? []) ||
      isHFMRadio !== (playlist?.isHFMRadio ?? false) ||
      isHFMPicks !== (playlist?.isHFMPicks ?? false) ||
      showOnFrontPage !== (playlist?.showOnFrontPage ?? false) ||
      position !== String(playlist?.position ?? -1) ||
      picksPosition !== String(playlist?.HFMPicksPosition ?? '') ||
      heldArtwork !== null,
    onClose,
    'The changes to this playlist (its details, flags or songs) have not been saved.',
  );
  useEffect(() => {
    requestCloseRef.current = guard.requestClose;
  });

  function cropped(image: CroppedImage) {
    setArtworkSrc(image.dataUrl);
    if (!playlist) return setHeldArtwork(image);
    // An existing playlist's artwork is saved at once, silently; a failure is only logged (the spec).
    upload.mutate(
      { id: playlist.id, imageData: image.dataUrl, fileName: image.fileName },
      {
        onSuccess: (saved) => setArtworkSrc(saved.artworkPath),
        onError: (error) => console.error('Playlist artwork upload failed', errorMessage(error)),
      },
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: CreatePlaylistBody = {
      title,
      songs: songs.map((song) => song.id),
      isHFMRadio,
      isHFMPicks,
      showOnFrontPage,
      position: whole(position),
      ...(isHFMPicks ? { HFMPicksPosition: picksPosition.trim() === '' ? null : whole(picksPosition) } : {}),
    };
    const parsed = createPlaylistBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: playlist?.id, body: parsed.data });
      if (!playlist && heldArtwork) {
        await upload
          .mutateAsync({ id: saved.id, imageData: heldArtwork.dataUrl, fileName: heldArtwork.fileName })
          .catch((error: unknown) => console.error('Playlist artwork upload failed', errorMessage(error)));
      }
      toast.success(playlistMessages.saved);
      onClose();
    } catch (error) {
      console.error('Playlist save failed', errorMessage(error));
      toast.error(playlistMessages.saveFailed);
      setErrors(serverFieldErrors(error));
    }
  }

  return (
    <form className="playlist-form" onSubmit={submit} noValidate>
      <div className="playlist-form__top">
        <div className="playlist-form__artwork">
          <span className="field__label">Artwork</span>
          <div className="cover-frame playlist-form__cover">
            {artworkSrc ? <img src={artworkSrc} alt="Playlist artwork" /> : <span>No artwork</span>}
          </div>
          <Button variant="secondary" onClick={() => setEditorOpen(true)} loading={upload.isPending}>
            {artworkSrc ? 'Change artwork' : 'Add artwork'}
          </Button>
          {heldArtwork && <p className="playlist-form__hint">The artwork is saved with the playlist.</p>}
        </div>
        <div className="playlist-form__fields">
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={errors.title}
            maxLength={200}
            required
          />
          <div className="playlist-form__switches">
            <FlagSwitch label="HFM Radio" checked={isHFMRadio} onChange={setRadio} hint="Streaming only" />
            <FlagSwitch label="HFM Picks" checked={isHFMPicks} onChange={setPicks} hint="Free to keep" />
            <FlagSwitch label="Show on front page" checked={showOnFrontPage} onChange={setFrontPage} />
          </div>
          <div className="playlist-form__numbers">
            <TextField
              label="Position"
              type="number"
              inputMode="numeric"
              min={-1}
              step={1}
              value={position}
              onChange={(event) => setPosition(event.target.value)}
              error={errors.position}
              hint="-1: no place"
            />
            {isHFMPicks && (
              <TextField
                label="HFM Picks position"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={picksPosition}
                onChange={(event) => setPicksPosition(event.target.value)}
                error={errors.HFMPicksPosition}
              />
            )}
          </div>
        </div>
      </div>
      {(isHFMRadio || isHFMPicks) && (
        <p className="playlist-form__hint">
          Only songs of artists who opted in to HFM Picks and Radio can be on it
          {isHFMPicks ? '; HFM Picks hold five songs at most, one per artist.' : '.'}
        </p>
      )}
      <PlaylistSongPicker
        songs={songs}
        onChange={setSongs}
        showAdminColumns={showAdminOptions}
        curated={isHFMRadio || isHFMPicks}
        {...(isHFMPicks ? { maxSongs: HFM_PICKS_SONGS } : {})}
      />
      {errors.songs && (
        <p className="field__error" role="alert">
          {errors.songs}
        </p>
      )}
      <div className="action-row">
        <Button variant="secondary" onClick={guard.requestClose}>
          Close Modal
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </div>
      <ImageEditor
        open={editorOpen}
        onOpenChange={setEditorOpen}
        onSave={cropped}
        width={PLAYLIST_ARTWORK.width}
        height={PLAYLIST_ARTWORK.height}
        aspect={PLAYLIST_ARTWORK.aspect}
      />
      {guard.dialog}
    </form>
  );
}

function FlagSwitch({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  return (
    <label className="playlist-form__switch">
      <Switch.Root className="admin__switch" checked={checked} onCheckedChange={onChange} aria-label={label}>
        <Switch.Thumb className="admin__switch-thumb" />
      </Switch.Root>
      <span>
        {label}
        {hint && (
          <span className="playlist-form__switch-hint" aria-hidden="true">
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}
