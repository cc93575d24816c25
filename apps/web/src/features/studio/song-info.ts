import { updateSongBody, type PublicSong, type UpdateSongBody } from '@hfm/shared';

/** The Edit Song Info form's values: text inputs hold strings, the rest their own types. */
export interface SongInfoValues {
  title: string;
  releaseDate: string;
  /** HH:MM in the artist's own time zone, or '' (the song is out on its release date). */
  releaseTime: string;
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

const two = (value: number) => String(value).padStart(2, '0');

/** A scheduled minute as the form shows it: the artist's local date (MM/DD/YYYY) and time (HH:MM). */
export function localReleaseParts(iso: string): { releaseDate: string; releaseTime: string } {
  const at = new Date(iso);
  return {
    releaseDate: `${two(at.getMonth() + 1)}/${two(at.getDate())}/${at.getFullYear()}`,
    releaseTime: `${two(at.getHours())}:${two(at.getMinutes())}`,
  };
}

export const RELEASE_TIME_MESSAGE = 'Please enter a release time as HH:MM (24-hour), or leave it empty.';

/** The local date and time as an ISO minute with the browser's offset, or null when either is not valid. */
export function releaseAtFrom(releaseDate: string, releaseTime: string): string | null {
  const date = /^(\d{2})[-/ .](\d{2})[-/ .](\d{4})$/.exec(releaseDate.trim());
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(releaseTime.trim());
  if (!date || !time) return null;
  const at = new Date(Number(date[3]), Number(date[1]) - 1, Number(date[2]), Number(time[1]), Number(time[2]));
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function songInfoFromSong(song: PublicSong): SongInfoValues {
  const scheduled = song.releaseAt ? localReleaseParts(song.releaseAt) : null;
  return {
    title: song.title,
    releaseDate: scheduled?.releaseDate ?? song.releaseDate ?? '',
    releaseTime: scheduled?.releaseTime ?? '',
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
  const timed = values.releaseTime.trim() !== '';
  const releaseAt = timed ? releaseAtFrom(values.releaseDate, values.releaseTime) : null;
  const candidate = {
    title: values.title,
    releaseDate: values.releaseDate.trim(),
    releaseAt,
    explicit: values.explicit,
    trackNumber,
    ISRC: values.ISRC.trim(),
    songWriters: values.songWriters,
    publisher: values.publisher,
    additionalArtists: values.additionalArtists,
    comment: values.comment,
  };
  const parsed = updateSongBody.safeParse(candidate);
  const badTime = timed && releaseAt === null;
  if (parsed.success && !badTime) return { body: candidate };
  const errors: SongInfoErrors = {};
  if (badTime) errors.releaseTime = RELEASE_TIME_MESSAGE;
  if (parsed.success) return { errors };
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] === 'releaseAt' ? 'releaseTime' : issue.path[0]) as keyof SongInfoValues;
    errors[field] ??= field === 'trackNumber' ? 'Please enter a track number from 1 to 999.' : issue.message;
  }
  return { errors };
}
