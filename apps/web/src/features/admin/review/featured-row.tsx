import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FEATURED_BIO_MAX_LENGTH, type FeaturedArtist, type PublicArtist } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useUpdateArtist } from '../../../api/artists/update-artist';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { ConfirmDelete } from '../../../ui/confirm-delete';
import { FeaturedBioField } from './featured-bio-field';

/** Up to two initials of the name, for an artist without a picture. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word) && !/^the$/i.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

export interface FeaturedRowProps {
  artist: FeaturedArtist;
  index: number;
  busy: boolean;
  onMakeHero: () => void;
  onSwap: () => void;
  /** After the admin confirms. */
  onRemove: () => Promise<void>;
}

/** One featured artist: drag handle, place, picture, name, featured bio (editable) and its actions. */
export function FeaturedRow({ artist, index, busy, onMakeHero, onSwap, onRemove }: FeaturedRowProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: artist.id });
  const [editing, setEditing] = useState(false);
  // The picture fans see: the profile image, else the first audition photo (the server chooses).
  const picture = artist.picture;
  return (
    <li
      ref={setNodeRef}
      className={['featured-row', isDragging ? 'featured-row--dragging' : null].filter(Boolean).join(' ')}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-artist-id={artist.id}
    >
      <button
        type="button"
        className="featured-row__handle"
        aria-label={`Move ${artist.name}`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span className="featured-row__place" aria-label={`Position ${index + 1}`}>
        {index + 1}
      </span>
      {picture ? (
        <img className="featured-row__picture" src={picture} alt="" />
      ) : (
        <span className="featured-row__picture featured-row__initials" aria-hidden="true">
          {initials(artist.name)}
        </span>
      )}
      <div className="featured-row__body">
        <p className="featured-row__name">
          <Link to={`/artists/${artist.id}`}>{artist.name}</Link>
          {index === 0 && <span className="review-badge review-badge--hero">Hero artist</span>}
        </p>
        <p className="review-muted">{[artist.genre?.label, artist.tier].filter(Boolean).join(' · ')}</p>
        {editing ? (
          <FeaturedBioEditor artist={artist} onDone={() => setEditing(false)} />
        ) : (
          <p className="featured-row__bio">
            {artist.featuredBio ?? <span className="review-muted">No featured bio.</span>}{' '}
            <button
              type="button"
              className="featured-row__edit"
              onClick={() => setEditing(true)}
              aria-label={`Edit the featured bio of ${artist.name}`}
            >
              Edit
            </button>
          </p>
        )}
      </div>
      <div className="featured-row__actions">
        {index > 0 && (
          <Button variant="secondary" onClick={onMakeHero} disabled={busy} aria-label={`Make hero: ${artist.name}`}>
            Make hero
          </Button>
        )}
        <Button variant="secondary" onClick={onSwap} disabled={busy} aria-label={`Swap ${artist.name}`}>
          Swap
        </Button>
        <ConfirmDelete
          label={`Remove ${artist.name} from featured`}
          text={removeQuestion(artist.name, index === 0)}
          onConfirm={onRemove}
        >
          Remove
        </ConfirmDelete>
      </div>
    </li>
  );
}

/** The question before an artist leaves the featured list; the hero's says that member home's hero changes. */
export function removeQuestion(name: string, hero: boolean): string {
  return hero
    ? `Remove ${name}, the hero artist, from featured? The next artist becomes the hero.`
    : `Remove ${name} from featured?`;
}

function FeaturedBioEditor({ artist, onDone }: { artist: PublicArtist; onDone: () => void }) {
  const update = useUpdateArtist(artist.id);
  const [bio, setBio] = useState(artist.featuredBio ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({ featuredBio: bio.trim() || null });
      toast.success('Featured bio saved.');
      onDone();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <form className="review-featured-bio" onSubmit={(event) => void submit(event)}>
      <FeaturedBioField
        label={`Featured bio of ${artist.name}`}
        value={bio}
        onChange={setBio}
        maxLength={FEATURED_BIO_MAX_LENGTH}
      />
      <div className="review-panel__actions">
        <Button type="submit" loading={update.isPending}>
          Save featured bio
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
