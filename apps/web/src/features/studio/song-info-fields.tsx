import { TextField } from '../../ui/text-field';
import type { SongInfoErrors, SongInfoValues } from './song-info';

export interface SongInfoFieldsProps {
  values: SongInfoValues;
  errors: SongInfoErrors;
  onChange: (values: SongInfoValues) => void;
}

/** Title, release date and time (a scheduled drop), explicit, track number, ISRC, songwriters, publisher, additional artists, comment. */
export function SongInfoFields({ values, errors, onChange }: SongInfoFieldsProps) {
  const set = <K extends keyof SongInfoValues>(key: K, value: SongInfoValues[K]) =>
    onChange({ ...values, [key]: value });
  const text = (key: Exclude<keyof SongInfoValues, 'explicit'>) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
  return (
    <div className="song-info">
      <TextField label="Title" className="song-info__wide" maxLength={200} {...text('title')} />
      <TextField label="Release Date" placeholder="MM/DD/YYYY" inputMode="numeric" {...text('releaseDate')} />
      <TextField
        label="Release Time"
        placeholder="HH:MM"
        inputMode="numeric"
        hint="Optional: the song drops at this minute (your time)"
        {...text('releaseTime')}
      />
      <TextField label="Track Number" inputMode="numeric" {...text('trackNumber')} />
      <TextField label="ISRC" placeholder="US-S1Z-99-00001" {...text('ISRC')} />
      <TextField label="Songwriters" {...text('songWriters')} />
      <TextField label="Publisher" {...text('publisher')} />
      <TextField label="Additional Artists" {...text('additionalArtists')} />
      <TextField label="Comment" className="song-info__wide" {...text('comment')} />
      <label className="studio-check song-info__wide">
        <input type="checkbox" checked={values.explicit} onChange={(event) => set('explicit', event.target.checked)} />
        <span>Explicit</span>
      </label>
    </div>
  );
}
