import { FEATURED_BIO_MAX_LENGTH, type PublicArtist, type UpdateArtistRequest } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useUpdateArtist } from '../../../api/artists/update-artist';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { ConfirmDelete } from '../../../ui/confirm-delete';
import { FeaturedBioField } from './featured-bio-field';
import { removeQuestion } from './featured-row';

/** Where the artist stands in the featured order ('#1, the hero artist'), or that it is not featured. */
export function featuredPlace(position: number): string {
  if (position < 0) return 'Not featured';
  return position === 0 ? 'Featured #1, the hero artist' : `Featured #${position + 1}`;
}

/** On an artist's review: feature it (appended to the order) or take it out, make it the hero, its featured bio. */
export function FeaturingPanel({ artist }: { artist: PublicArtist }) {
  const update = useUpdateArtist(artist.id);
  const [busy, setBusy] = useState<string | null>(null);
  const featured = artist.featuredPosition >= 0;

  async function save(action: string, body: UpdateArtistRequest, message: string) {
    setBusy(action);
    try {
      await update.mutateAsync(body);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="surface-card review-card" aria-labelledby="featuring-heading">
      <h2 id="featuring-heading">Featuring</h2>
      {artist.status !== 'ACTIVE' ? (
        <p className="review-muted">Only ACTIVE artists can be featured.</p>
      ) : (
        <>
          <p className="review-featured-place">{featuredPlace(artist.featuredPosition)}</p>
          <div className="review-panel__actions">
            {featured ? (
              <ConfirmDelete
                text={removeQuestion(artist.name, artist.featuredPosition === 0)}
                onConfirm={() => save('remove', { isFeatured: false }, `${artist.name} is no longer featured.`)}
              >
                Remove from featured
              </ConfirmDelete>
            ) : (
              <Button
                loading={busy === 'add'}
                disabled={busy !== null}
                onClick={() => void save('add', { isFeatured: true }, `${artist.name} is featured.`)}
              >
                Feature
              </Button>
            )}
            {featured && artist.featuredPosition > 0 && (
              <Button
                variant="secondary"
                loading={busy === 'hero'}
                disabled={busy !== null}
                onClick={() => void save('hero', { featuredPosition: 0 }, `${artist.name} is the hero artist.`)}
              >
                Make hero
              </Button>
            )}
          </div>
        </>
      )}
      <FeaturedBioForm artist={artist} />
    </section>
  );
}

function FeaturedBioForm({ artist }: { artist: PublicArtist }) {
  const update = useUpdateArtist(artist.id);
  const [bio, setBio] = useState(artist.featuredBio ?? '');
  const [shown, setShown] = useState(artist.featuredBio);
  if (shown !== artist.featuredBio) {
    setShown(artist.featuredBio);
    setBio(artist.featuredBio ?? '');
  }
  const changed = bio.trim() !== (artist.featuredBio ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({ featuredBio: bio.trim() || null });
      toast.success('Featured bio saved.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <form className="review-featured-bio" onSubmit={(event) => void submit(event)}>
      <FeaturedBioField value={bio} onChange={setBio} maxLength={FEATURED_BIO_MAX_LENGTH} />
      <Button type="submit" variant="secondary" disabled={!changed} loading={update.isPending}>
        Save featured bio
      </Button>
    </form>
  );
}
