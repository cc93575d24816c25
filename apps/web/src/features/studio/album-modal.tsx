import { createAlbumBody, MAX_PAGE_SIZE, type PublicAlbum, type PublicArtist } from '@hfm/shared';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSaveAlbum } from '../../api/albums/save-album';
import { serverFieldErrors } from '../../api/server-errors';
import { useArtistSongs } from '../../api/songs/get-artist-songs';
import { Button } from '../../ui/button';
import { useDiscardGuard } from '../../ui/discard-changes';
import { ImageEditor, type CroppedImage } from '../../ui/image-editor';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { releaseAtFrom } from './song-info';
import { ErrorBoundary } from '../../ui/error-boundary';
import { isSaved, type AlbumEntry } from './album-list';
import { AlbumSongPicker } from './album-song-picker';

export interface AlbumModalProps {
  album: AlbumEntry | null;
  artist: Pick<PublicArtist, 'id' | 'name'>;
  onClose: () => void;
  onSaved: (album: PublicAlbum, draftKey?: string) => void;
}

/** 'New Album' (or the album's name when editing): artist, artwork, name, liner notes and the ordered songs. */
export function AlbumModal({ album, artist, onClose, onSaved }: AlbumModalProps) {
  // The form knows whether anything changed: Escape, the corner × and Close all ask it first.
  const requestCloseRef = useRef<() => void>(onClose);
  return (
    <Modal
      open={album !== null}
      onOpenChange={(open) => !open && requestCloseRef.current()}
      title={album && isSaved(album) ? 'Edit Album' : 'New Album'}
      size="large"
    >
      <ErrorBoundary name="album editor">
        {album && (
          <AlbumForm
            key={album._id ?? album.draftKey}
            album={album}
            artist={artist}
            onClose={onClose}
            onSaved={onSaved}
            requestCloseRef={requestCloseRef}
          />
        )}
      </ErrorBoundary>
    </Modal>
  );
}

const sameOrder = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

function AlbumForm({
  album,
  artist,
  onClose,
  onSaved,
  requestCloseRef,
}: AlbumModalProps & { album: AlbumEntry; requestCloseRef: RefObject<() => void> }) {
  const [name, setName] = useState(album.name);
  const [linerNotes, setLinerNotes] = useState(album.linerNotes);
  const [songs, setSongs] = useState(album.songs);
  const [artwork, setArtwork] = useState<CroppedImage | null>(null);
  // Scheduling the album: every song of it drops at this minute (empty: the songs keep their own dates).
  const [releaseDate, setReleaseDate] = useState('');
  const [releaseTime, setReleaseTime] = useState('');
  const [editorOpen, setEditorOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const catalogue = useArtistSongs(artist.id, 1, MAX_PAGE_SIZE);
  const save = useSaveAlbum();
  const guard = useDiscardGuard(
    () =>
      name !== album.name ||
      linerNotes !== album.linerNotes ||
      artwork !== null ||
      releaseDate !== '' ||
      releaseTime !== '' ||
      !sameOrder(songs, album.songs),
    onClose,
    'The changes to this album (its details, artwork or song order) have not been saved.',
  );
  useEffect(() => {
    requestCloseRef.current = guard.requestClose;
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const scheduling = releaseDate.trim() !== '' || releaseTime.trim() !== '';
    const releaseAt = scheduling ? releaseAtFrom(releaseDate, releaseTime) : null;
    if (scheduling && releaseAt === null) {
      setErrors({ releaseAt: 'Please enter both a release date (MM/DD/YYYY) and a time (HH:MM), or neither.' });
      return;
    }
    const body = {
      name,
      linerNotes,
      songs,
      artistID: artist.id,
      ...(artwork ? { imageData: artwork.dataUrl, fileName: artwork.fileName } : {}),
      ...(releaseAt ? { releaseAt } : {}),
    };
    const parsed = createAlbumBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: album._id, body });
      onSaved(saved, album.draftKey);
    } catch (error) {
      console.error('Album save failed', error);
      setErrors(serverFieldErrors(error));
    }
  }

  const artworkSrc = artwork?.dataUrl ?? (album.artworkPath || null);
  return (
    <form className="album-form" onSubmit={submit} noValidate>
      <div className="album-form__top">
        <div className="album-form__artwork">
          <span className="field__label">Artwork</span>
          <div className="cover-frame album-form__cover">
            {artworkSrc ? <img src={artworkSrc} alt="Album artwork" /> : <span>No artwork</span>}
          </div>
          <Button variant="secondary" onClick={() => setEditorOpen(true)}>
            {artworkSrc ? 'Change artwork' : 'Add artwork'}
          </Button>
        </div>
        <div className="album-form__fields">
          <TextField label="Artist" value={artist.name} readOnly />
          <TextField
            label="Album Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            maxLength={200}
          />
          <label className="studio-textarea">
            <span className="field__label">Liner Notes</span>
            <textarea
              className="field__input"
              rows={4}
              value={linerNotes}
              onChange={(event) => setLinerNotes(event.target.value)}
              aria-invalid={errors.linerNotes ? true : undefined}
            />
            {errors.linerNotes && <span className="field__error">{errors.linerNotes}</span>}
          </label>
          <div className="album-form__release">
            <TextField
              label="Release Date"
              placeholder="MM/DD/YYYY"
              inputMode="numeric"
              value={releaseDate}
              onChange={(event) => setReleaseDate(event.target.value)}
              error={errors.releaseAt}
            />
            <TextField
              label="Release Time"
              placeholder="HH:MM"
              inputMode="numeric"
              value={releaseTime}
              onChange={(event) => setReleaseTime(event.target.value)}
              hint="Optional: every song of the album drops at this minute (your time)"
            />
          </div>
        </div>
      </div>
      {catalogue.isPending ? (
        <p className="song-picker__empty">Loading...</p>
      ) : (
        <AlbumSongPicker songs={catalogue.data?.items ?? []} selected={songs} onChange={setSongs} />
      )}
      <div className="action-row action-row--spaced">
        <Button variant="secondary" onClick={guard.requestClose}>
          Close
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save Album
        </Button>
      </div>
      <ImageEditor
        open={editorOpen}
        onOpenChange={setEditorOpen}
        onSave={setArtwork}
        previewLabel="Cover Image Preview"
      />
      {guard.dialog}
    </form>
  );
}
