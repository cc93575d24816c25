import { messages, type PublicGenre } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { useDeleteGenre } from '../../../api/curation/delete-genre';
import { useGenres } from '../../../api/genres';
import { useSaveGenre } from '../../../api/curation/save-genre';
import { useUploadGenreArtwork } from '../../../api/curation/upload-genre-artwork';
import { Button } from '../../../ui/button';
import { ConfirmDelete } from '../../../ui/confirm-delete';
import { ImageEditor } from '../../../ui/image-editor';
import { SelectField } from '../../../ui/select-field';
import { countOf } from '../../../ui/count-of';

const failureMessage = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/**
 * One genre: artwork, label; rename in place, change the artwork in the image editor, delete with a confirm
 * (a genre with artists offers to move them to another genre first).
 */
export function GenreRow({ genre }: { genre: PublicGenre }) {
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(genre.label);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  /** The server's 'N artists are filed under ...' once a delete met them: the move panel shows. */
  const [artistsToMove, setArtistsToMove] = useState<string | null>(null);
  const save = useSaveGenre();
  const upload = useUploadGenreArtwork();
  const remove = useDeleteGenre();

  async function rename(event: FormEvent) {
    event.preventDefault();
    const next = label.trim();
    if (!next) return setError('Please enter a genre name.');
    try {
      await save.mutateAsync({ id: genre.id, label: next });
      toast.success(messages.genreSaved);
      setEditing(false);
      setError(null);
    } catch (failure) {
      toast.error(messages.errorSavingGenre);
      setError(failureMessage(failure) ?? messages.errorSavingGenre);
    }
  }

  async function saveArtwork(imageData: string) {
    try {
      await upload.mutateAsync({ genre, imageData });
      toast.success(messages.genreSaved);
    } catch (failure) {
      toast.error(messages.errorSavingGenre, { description: failureMessage(failure) });
    }
  }

  async function deleteGenre() {
    try {
      await remove.mutateAsync({ id: genre.id });
      toast.success(messages.genreDeleted);
    } catch (failure) {
      // Artists are filed under it: offer to move them to another genre, then delete.
      if (failure instanceof ApiError && failure.status === 409) return setArtistsToMove(failure.message);
      toast.error(failureMessage(failure) ?? messages.somethingWentWrong);
    }
  }

  return (
    <li className="genre-card">
      <div className="genre-card__art">
        {genre.artwork ? (
          <img src={genre.artwork} alt={`Artwork of ${genre.label}`} loading="lazy" />
        ) : (
          <span aria-hidden="true">{genre.label.slice(0, 2)}</span>
        )}
        {upload.isPending && <span className="genre-card__saving">{messages.loading}</span>}
      </div>
      {editing ? (
        <form className="genre-card__rename" onSubmit={rename} noValidate>
          <label className="visually-hidden" htmlFor={`rename-${genre.id}`}>
            New name for {genre.label}
          </label>
          <input
            id={`rename-${genre.id}`}
            className="field__input"
            value={label}
            maxLength={60}
            autoFocus
            onChange={(event) => setLabel(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `rename-${genre.id}-error` : undefined}
          />
          {error && (
            <p id={`rename-${genre.id}-error`} className="field__error">
              {error}
            </p>
          )}
          <div className="admin-row-actions">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="genre-card__label">{genre.label}</p>
          <div className="admin-row-actions genre-card__actions">
            <button
              type="button"
              className="admin-link-button"
              aria-label={`Rename ${genre.label}`}
              onClick={() => {
                setLabel(genre.label);
                setError(null);
                setEditing(true);
              }}
            >
              Rename
            </button>
            <button
              type="button"
              className="admin-link-button"
              aria-label={`Artwork of ${genre.label}`}
              onClick={() => setCropping(true)}
            >
              Artwork
            </button>
            <ConfirmDelete label={`Delete ${genre.label}`} onConfirm={deleteGenre} />
          </div>
        </>
      )}
      {artistsToMove && (
        <MoveArtistsThenDelete genre={genre} reason={artistsToMove} onCancel={() => setArtistsToMove(null)} />
      )}
      {cropping && (
        <ImageEditor
          open
          onOpenChange={setCropping}
          onSave={(image) => void saveArtwork(image.dataUrl)}
          previewLabel="Cover Image Preview"
        />
      )}
    </li>
  );
}

interface MoveArtistsThenDeleteProps {
  genre: PublicGenre;
  /** The server's answer to the plain delete: how many artists are filed under the genre. */
  reason: string;
  onCancel: () => void;
}

/** Picks the genre the artists move to; the server moves them and deletes the genre in one transaction. */
function MoveArtistsThenDelete({ genre, reason, onCancel }: MoveArtistsThenDeleteProps) {
  const genres = useGenres();
  const remove = useDeleteGenre();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const others = (genres.data ?? []).filter((other) => other.id !== genre.id);

  async function moveAndDelete(event: FormEvent) {
    event.preventDefault();
    if (!target) return setError('Choose the genre its artists move to.');
    try {
      const answer = await remove.mutateAsync({ id: genre.id, moveArtistsTo: target });
      const to = others.find((other) => other.id === target)?.label ?? 'the other genre';
      toast.success(`${messages.genreDeleted} ${countOf(answer.artistsMoved, 'artist')} moved to ${to}.`);
    } catch (failure) {
      setError(failureMessage(failure) ?? messages.somethingWentWrong);
    }
  }

  return (
    <form
      className="genre-card__move"
      role="group"
      aria-label={`Move the artists of ${genre.label}`}
      onSubmit={(event) => void moveAndDelete(event)}
      noValidate
    >
      <p>{reason}</p>
      <SelectField
        label="Move them to"
        placeholder="Choose a genre"
        options={others.map((other) => ({ value: other.id, label: other.label }))}
        value={target}
        onChange={(event) => {
          setTarget(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <div className="admin-row-actions">
        <Button type="submit" variant="danger" loading={remove.isPending}>
          Move artists and delete
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
