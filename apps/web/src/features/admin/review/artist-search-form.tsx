import type { FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';

/** The name-or-email search of the artist lists and the artist pickers. */
export function ArtistSearchForm({
  label,
  term,
  onTermChange,
  onSubmit,
}: {
  label: string;
  term: string;
  onTermChange: (term: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form role="search" className="review-controls__search" onSubmit={onSubmit}>
      <TextField
        label={label}
        type="search"
        placeholder="Name or email"
        value={term}
        onChange={(event) => onTermChange(event.target.value)}
        maxLength={200}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
