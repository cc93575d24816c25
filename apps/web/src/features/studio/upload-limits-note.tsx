import { formatBytes, formatLength } from '@hfm/shared';
import { useUploadLimits } from '../../api/songs/get-upload-limits';

const hertz = (value: number) => `${value.toLocaleString('en-US')} Hz`;

/** What the server takes, said before the artist chooses files: sample rate, length, size, songs left. */
export function UploadLimitsNote() {
  const limits = useUploadLimits();
  if (!limits.data) return null;
  const { minSampleRate, maxSongSeconds, maxFileBytes, awaitingApproval, songsLeft } = limits.data;
  return (
    <ul className="new-song__limits" aria-label="Upload limits">
      <li>Uncompressed (PCM) .wav files at {hertz(minSampleRate)} or more (44,100 or 48,000 Hz is usual).</li>
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
