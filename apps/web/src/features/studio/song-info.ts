import { updateSongBody, type PublicSong, type UpdateSongBody } from '@hfm/shared';

/** The Edit Song Info form's values: text inputs hold strings, the rest their own types. */
export interface SongInfoValues {
  title: string;
  releaseDate: string;
  explicit: boolean;
  trackNumber: string;
  ISRC: string;
  songWriters: string;
  publisher: string;
  additionalArtists: string;
  comment: string;
}

export type SongInfoErrors = Partial<Record<keyof SongInfoValues, string>>;

/** Today as MM/DD/YYYY (the spec's release date format). */
export function todayReleaseDate(now = new Date()): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(now.getMonth() + 1)}/${two(now.getDate())}/${now.getFullYear()}`;
}

/** 'My Song.final.wav' -> 'My Song.final'. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.]+$/, '').trim() || 'Untitled';
}

export function songInfoFromSong(song: PublicSong): SongInfoValues {
  return {
    title: song.title,
    releaseDate: song.releaseDate ?? '',
    explicit: song.explicit,
    trackNumber: song.trackNumber === null ? '' : String(song.trackNumber),
    ISRC: song.ISRC ?? '',
    songWriters: song.songWriters ?? '',
    publisher: song.publisher ?? '',
    additionalArtists: song.additionalArtists ?? '',
    comment: song.comment ?? '',
  };
}

export const UNSAVED_SONG_INFO = 'The song info you typed has not been saved.';

/** Whether the form holds anything the song does not have yet (so closing would lose it). */
export function isSongInfoChanged(values: SongInfoValues, song: PublicSong): boolean {
  const saved = songInfoFromSong(song);
  return (Object.keys(saved) as (keyof SongInfoValues)[]).some((key) => values[key] !== saved[key]);
}

/** The PUT body, checked with the shared rules; answers the field messages when something is wrong. */
export function songInfoBody(values: SongInfoValues): { body: UpdateSongBody } | { errors: SongInfoErrors } {
  const trackNumber = values.trackNumber.trim() === '' ? null : Number(values.trackNumber);
  const candidate = {
    title: values.title,
    releaseDate: values.releaseDate.trim(),
    explicit: values.explicit,
    trackNumber,
    ISRC: values.ISRC.trim(),
    songWriters: values.songWriters,
    publisher: values.publisher,
    additionalArtists: values.additionalArtists,
    comment: values.comment,
  };
  const parsed = updateSongBody.safeParse(candidate);
  if (parsed.success) return { body: candidate };
  const errors: SongInfoErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SongInfoValues;
    errors[field] ??= field === 'trackNumber' ? 'Please enter a track number from 1 to 999.' : issue.message;
  }
  return { errors };
}
