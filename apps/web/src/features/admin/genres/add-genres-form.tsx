import { GENRE_LABEL_MAX, MAX_GENRES_PER_ADD, messages } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { useAddGenres } from '../../../api/curation/add-genres';
import { useSaveGenre } from '../../../api/curation/save-genre';
import { Button } from '../../../ui/button';
import { FieldShell } from '../../../ui/field';

/** Labels from the text: one per line or separated by commas, trimmed, empty ones left out. */
export function parseGenreLabels(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((label) => label.trim())
    .filter(Boolean);
}

/**
 * Adds one genre (the spec's create) or several at once (the spec's addGenres): existing labels are skipped
 * and named. 'Genre saved!' on success, 'Error saving genre!' on failure.
 */
export function AddGenresForm() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [report, setReport] = useState<string | null>(null);
  const create = useSaveGenre();
  const add = useAddGenres();
  const labels = parseGenreLabels(text);
  const busy = create.isPending || add.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setReport(null);
    const tooLong = labels.find((label) => label.length > GENRE_LABEL_MAX);
    if (labels.length === 0) return setError('Please enter a genre name.');
    if (tooLong) return setError(`“${tooLong.slice(0, 20)}…” is longer than ${GENRE_LABEL_MAX} characters.`);
    if (labels.length > MAX_GENRES_PER_ADD) return setError(`Add at most ${MAX_GENRES_PER_ADD} genres at once.`);
    setError(undefined);
    try {
      if (labels.length === 1) {
        await create.mutateAsync({ label: labels[0]! });
        setReport(`Added ${labels[0]}.`);
      } else {
        const answer = await add.mutateAsync(labels);
        const added = answer.added.map((genre) => genre.label);
        setReport(
          [
            added.length > 0 ? `Added ${added.join(', ')}.` : 'No new genres were added.',
            answer.skipped.length > 0 ? `Already there: ${answer.skipped.join(', ')}.` : '',
          ]
            .filter(Boolean)
            .join(' '),
        );
      }
      toast.success(messages.genreSaved);
      setText('');
    } catch (failure) {
      toast.error(messages.errorSavingGenre);
      if (failure instanceof ApiError) setError(failure.fields.label ?? failure.message);
    }
  }

  return (
    <form className="surface-card admin-card" onSubmit={submit} noValidate aria-labelledby="add-genres-title">
      <h2 id="add-genres-title">Add genres</h2>
      <FieldShell
        label="New genres"
        hint="One genre, or several: one per line or separated by commas. Genres that exist are skipped."
        error={error}
      >
        {({ inputId, describedBy, invalid }) => (
          <textarea
            id={inputId}
            className="field__input genre-add__input"
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            placeholder={'Shoegaze\nDream Pop'}
          />
        )}
      </FieldShell>
      <div className="admin-row-actions genre-add__actions">
        {report && (
          <p className="admin-hint genre-add__report" role="status">
            {report}
          </p>
        )}
        <Button type="submit" loading={busy}>
          {labels.length > 1 ? `Add ${labels.length} genres` : 'Add genre'}
        </Button>
      </div>
    </form>
  );
}
