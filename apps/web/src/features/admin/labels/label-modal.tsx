import { zodResolver } from '@hookform/resolvers/zod';
import {
  createLabelBody,
  messages,
  type CreateLabelBody,
  type LabelFields,
  type PublicGenre,
  type PublicLabel,
} from '@hfm/shared';
import * as Switch from '@radix-ui/react-switch';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { useSaveLabel } from '../../../api/curation/save-label';
import { Button } from '../../../ui/button';
import { useDiscardGuard } from '../../../ui/discard-changes';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import './labels.css';

type LabelValues = CreateLabelBody;

const FIELDS = ['name', 'website', 'genres', 'location', 'active'] as const;

function valuesOf(label: PublicLabel | null): LabelValues & { website: string; location: string } {
  return {
    name: label?.name ?? '',
    website: label?.website ?? '',
    genres: label?.genres ?? [],
    location: label?.location ?? '',
    active: label?.active ?? true,
  };
}

export interface LabelModalProps {
  /** The label to edit, or null for a new one. */
  label: PublicLabel | null;
  genres: PublicGenre[];
  onClose: () => void;
  /** A new label was made (the list goes to its first page, where the label now leads). */
  onCreated: () => void;
}

/** The label form: name, website, genres, location, active (new labels are active). */
export function LabelModal({ label, genres, onClose, onCreated }: LabelModalProps) {
  const form = useForm<LabelValues, unknown, LabelFields>({
    resolver: zodResolver(createLabelBody),
    mode: 'onTouched',
    defaultValues: valuesOf(label),
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const save = useSaveLabel();
  // Read while rendering: react-hook-form only tracks isDirty for a form that reads it.
  const { isDirty } = formState;
  const guard = useDiscardGuard(() => isDirty, onClose, 'The changes to this label have not been saved.');

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: label?.id, body: values });
      toast.success(messages.labelSaved);
      if (!label) onCreated();
      onClose();
    } catch (failure) {
      toast.error(messages.errorSavingLabel);
      if (failure instanceof ApiError) {
        for (const [path, message] of Object.entries(failure.fields)) {
          const field = FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
          if (field) setError(field, { message });
        }
      }
    }
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && guard.requestClose()}
      title={label ? `Edit ${label.name}` : 'New Label'}
    >
      <form className="label-form" onSubmit={submit} noValidate>
        <TextField label="Name" autoComplete="off" {...register('name')} error={formState.errors.name?.message} />
        <TextField
          label="Website"
          type="url"
          placeholder="https://"
          {...register('website')}
          error={formState.errors.website?.message}
        />
        <TextField
          label="Location"
          placeholder="City, state or country"
          {...register('location')}
          error={formState.errors.location?.message}
        />
        <Controller
          control={control}
          name="genres"
          render={({ field }) => (
            <GenrePicker
              genres={genres}
              value={field.value ?? []}
              onChange={field.onChange}
              error={firstMessage(formState.errors.genres)}
            />
          )}
        />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <label className="label-form__active">
              <Switch.Root
                className="admin__switch"
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
                aria-label="Active"
              >
                <Switch.Thumb className="admin__switch-thumb" />
              </Switch.Root>
              <span>Active</span>
            </label>
          )}
        />
        <div className="admin-row-actions">
          <Button variant="ghost" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
      {guard.dialog}
    </Modal>
  );
}

/** A list field's error sits on the list or on one of its items. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  return Array.isArray(error) ? error.map(firstMessage).find(Boolean) : undefined;
}

/** Genres as checkboxes, with a filter when there are many. */
function GenrePicker({
  genres,
  value,
  onChange,
  error,
}: {
  genres: PublicGenre[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const [filter, setFilter] = useState('');
  const shown = genres.filter((genre) => genre.label.toLowerCase().includes(filter.trim().toLowerCase()));
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((item) => item !== id) : [...value, id]);
  return (
    <fieldset className="label-form__genres" aria-describedby={error ? 'label-genres-error' : undefined}>
      <legend className="field__label">
        Genres <span className="admin-hint">({value.length} chosen)</span>
      </legend>
      {genres.length > 8 && (
        <input
          className="field__input"
          type="search"
          aria-label="Filter genres"
          placeholder="Filter genres"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      <div className="label-form__genre-list">
        {shown.map((genre) => (
          <label key={genre.id} className="label-form__genre">
            <input type="checkbox" checked={value.includes(genre.id)} onChange={() => toggle(genre.id)} />
            {genre.label}
          </label>
        ))}
        {shown.length === 0 && <p className="admin-hint">No genre matches.</p>}
      </div>
      {error && (
        <p id="label-genres-error" className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
