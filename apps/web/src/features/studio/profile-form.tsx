import { messages, type PublicArtist } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useUpdateArtist } from '../../api/artists/update-artist';
import { useGenres } from '../../api/genres';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';

export const HFM_PICKS_EXPLANATION =
  'HFM Picks is a curated five-song playlist made each month, with one track per artist per month. Opting in lets fans keep the full songs picked for it, and allows their use in a streaming-only radio playlist.';

/** Band/Artist Name, genre and the HFM Picks opt-in. */
export function ProfileForm({ artist }: { artist: PublicArtist }) {
  const [name, setName] = useState(artist.name);
  const [genre, setGenre] = useState(artist.genreID ?? '');
  const [optIn, setOptIn] = useState(artist.hfmPicksOptIn);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const genres = useGenres();
  const update = useUpdateArtist(artist.id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = messages.artistName;
    if (!genre) found.genre = messages.genre;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync({ name: name.trim(), genre, hfmPicksOptIn: optIn });
      toast.success('Profile saved.');
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(errorMessage(error));
    }
  }

  return (
    <form className="surface-card studio-form" onSubmit={submit} noValidate aria-labelledby="profile-heading">
      <h3 id="profile-heading">Profile</h3>
      <TextField
        label="Band/Artist Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        maxLength={100}
      />
      <SelectField
        label="Genre"
        value={genre}
        onChange={(event) => setGenre(event.target.value)}
        placeholder={genres.isPending ? 'Loading...' : 'Choose a genre'}
        options={(genres.data ?? []).map((entry) => ({ value: entry.id, label: entry.label }))}
        error={errors.genre}
      />
      <label className="studio-check studio-check--top">
        <input
          type="checkbox"
          checked={optIn}
          onChange={(event) => setOptIn(event.target.checked)}
          aria-describedby="hfm-picks-explanation"
        />
        <span>
          <strong>Opt in to HFM Picks</strong>
          <span id="hfm-picks-explanation" className="studio-muted">
            {HFM_PICKS_EXPLANATION}
          </span>
        </span>
      </label>
      <div className="action-row">
        <Button type="submit" loading={update.isPending}>
          Save Profile
        </Button>
      </div>
    </form>
  );
}
