import { formatBytes, formatLength } from '@hfm/shared';
import { useUploadLimits } from '../../api/songs/get-upload-limits';

const hertz = (value: number) => `${value.toLocaleString('en-US')} Hz`;
/** ['WAV', 'FLAC', 'AIFF', 'ALAC'] -> 'WAV, FLAC, AIFF or ALAC' */
const listOf = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');

/** What the server takes, said before the artist chooses files: formats, sample rate, length, size, songs left. */
export function UploadLimitsNote() {
  const limits = useUploadLimits();
  if (!limits.data) return null;
  const { formats, minSampleRate, maxSongSeconds, maxFileBytes, awaitingApproval, songsLeft } = limits.data;
  return (
    <ul className="new-song__limits" aria-label="Upload limits">
      <li>Lossless audio: {listOf(formats)} (ALAC in .m4a). MP3, AAC and other lossy files are not taken.</li>
      <li>A sample rate of {hertz(minSampleRate)} or more (44,100 or 48,000 Hz is usual).</li>
      <li>
        Up to {formatLength(maxSongSeconds)} a song and {formatBytes(maxFileBytes)} a file.
      </li>
      {awaitingApproval && (
        <li>
          While your account waits for approval you can add{' '}
          {songsLeft === 0 ? 'no more songs' : `${songsLeft} more song${songsLeft === 1 ? '' : 's'}`}.
        </li>
      )}
    </ul>
  );
}
