import { MAX_ARTIST_PHOTOS, messages, plainText, type PublicArtist } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useDeleteArtistPhoto, useUploadArtistPhoto } from '../../api/artists/artist-photos';
import { useUpdateArtist } from '../../api/artists/update-artist';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { ConfirmPopup } from '../../ui/confirm-delete';
import { ImageEditor, type CroppedImage } from '../../ui/image-editor';
import { RichText } from '../../ui/rich-text';

/** The audition: a rich-text bio (not empty once markup is stripped) and up to 15 artist photos. */
export function AuditionForm({ artist }: { artist: PublicArtist }) {
  const [bio, setBio] = useState(artist.bio);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateArtist(artist.id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!plainText(bio)) return setError(messages.bio);
    setError(undefined);
    try {
      await update.mutateAsync({ bio });
      toast.success('Bio saved.');
    } catch (saveError) {
      const fields = serverFieldErrors(saveError);
      if (fields.bio) setError(fields.bio);
      else toast.error(errorMessage(saveError));
    }
  }

  return (
    <div className="audition">
      <form className="surface-card studio-form" onSubmit={submit} noValidate aria-labelledby="bio-heading">
        <h3 id="bio-heading">Bio</h3>
        <RichText
          label="Your bio"
          value={bio}
          onChange={setBio}
          error={error}
          hint="Tell fans who you are and what you make."
        />
        <div className="action-row">
          <Button type="submit" loading={update.isPending}>
            Save Bio
          </Button>
        </div>
      </form>
      <ArtistPhotos artist={artist} />
    </div>
  );
}

/** The artist's photos: add through the image editor; removing one asks 'Really delete item?' first. */
export function ArtistPhotos({ artist }: { artist: PublicArtist }) {
  const [editorOpen, setEditorOpen] = useState(false);
  const upload = useUploadArtistPhoto(artist.id);
  const removePhoto = useDeleteArtistPhoto(artist.id);
  const [confirming, setConfirming] = useState<string | null>(null);
  const photos = artist.photos;
  const full = photos.length >= MAX_ARTIST_PHOTOS;

  async function add(image: CroppedImage) {
    try {
      await upload.mutateAsync(image.dataUrl);
    } catch (uploadError) {
      toast.error(errorMessage(uploadError));
    }
  }

  async function remove(path: string) {
    try {
      await removePhoto.mutateAsync(path);
    } catch (removeError) {
      toast.error(errorMessage(removeError));
    }
  }

  return (
    <section className="surface-card" aria-labelledby="photos-heading">
      <h3 id="photos-heading">
        Artist photos{' '}
        <span className="studio-muted">
          ({photos.length} of {MAX_ARTIST_PHOTOS})
        </span>
      </h3>
      {photos.length === 0 && (
        <p className="studio-muted">Add at least one photo of you or your band (.png, .jpg or .jpeg).</p>
      )}
      <ul className="photo-grid">
        {photos.map((path, index) => (
          <li key={path} className="photo-grid__item">
            <img src={path} alt={`Artist photo ${index + 1}`} />
            <button
              type="button"
              className="photo-grid__remove"
              onClick={() => setConfirming(path)}
              aria-label={`Remove artist photo ${index + 1}`}
              aria-expanded={confirming === path}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {confirming && (
        <div className="photo-grid__confirm">
          <img src={confirming} alt="" />
          <ConfirmPopup
            onCancel={() => setConfirming(null)}
            onConfirm={async () => {
              await remove(confirming);
              setConfirming(null);
            }}
          />
        </div>
      )}
      <Button variant="secondary" onClick={() => setEditorOpen(true)} disabled={full} loading={upload.isPending}>
        Add photo
      </Button>
      {full && (
        <p className="studio-muted">
          You have the most photos allowed ({MAX_ARTIST_PHOTOS}). Remove one to add another.
        </p>
      )}
      <ImageEditor
        open={editorOpen}
        onOpenChange={setEditorOpen}
        onSave={(image) => void add(image)}
        previewLabel="Cover Image Preview"
      />
    </section>
  );
}
