import { audioNameProblem, losslessAccept, messages, type PublicSong, type UpdateSongBody } from '@hfm/shared';
import * as Switch from '@radix-ui/react-switch';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../api/server-errors';
import { updateSong } from '../../api/songs/update-song';
import { Button } from '../../ui/button';
import { useDiscardGuard } from '../../ui/discard-changes';
import { DropZone } from '../../ui/drop-zone';
import { Modal } from '../../ui/modal';
import { ProgressBar } from '../../ui/progress-bar';
import {
  isSongInfoChanged,
  songInfoBody,
  songInfoFromSong,
  type SongInfoErrors,
  type SongInfoValues,
  UNSAVED_SONG_INFO,
} from './song-info';
import { SongInfoFields } from './song-info-fields';
import { UploadFileList } from './upload-file-list';
import { UploadLimitsNote } from './upload-limits-note';
import { overallProgress, progressLabel, type UploadItem } from './use-song-uploads';
import { countOf } from '../../ui/count-of';

export interface NewSongModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploads: {
    items: UploadItem[];
    start: (files: File[]) => Promise<(PublicSong | null)[]>;
    /** Resumes a failed file for the song it already created. */
    retry: (key: string) => Promise<PublicSong | null>;
    clear: () => void;
  };
  onSaved: (songs: PublicSong[]) => void;
  /** 'Add all songs to a new album?' was on: open the New Album modal with these songs. */
  onCreateAlbum: (songIds: string[]) => void;
}

type Step = 'upload' | 'edit';

/** The picker's accept map: WAV, FLAC, AIFF and ALAC by type and by name (decision 0053). */
const LOSSLESS_ACCEPT = losslessAccept();

/** Why a file the picker refused cannot be sent: a lossy format named as such, else the spec's words. */
const refusalOf = (file: File) => audioNameProblem(file.name, file.type) ?? messages.unsupportedAudio;

/** 'Submit Music': drop WAV, FLAC, AIFF or ALAC files, watch them upload, then Edit Song Info and Save. */
export function NewSongModal({ open, onOpenChange, uploads, onSaved, onCreateAlbum }: NewSongModalProps) {
  const [step, setStep] = useState<Step>('upload');
  const [forms, setForms] = useState<Record<string, SongInfoValues>>({});
  const [errors, setErrors] = useState<Record<string, SongInfoErrors>>({});
  const [addToAlbum, setAddToAlbum] = useState(false);
  const [saving, setSaving] = useState(false);
  const uploaded = uploads.items.filter((item) => item.phase === 'uploaded' && item.song).map((item) => item.song!);
  const failed = uploads.items.filter((item) => item.phase === 'failed');
  const busy = uploads.items.some((item) => item.phase === 'uploading');
  const progress = overallProgress(uploads.items);

  async function receive(files: File[]) {
    const songs = await uploads.start(files);
    if (songs.some(Boolean)) setStep('edit');
  }

  async function retry(key: string) {
    if (await uploads.retry(key)) setStep('edit');
  }

  function valuesOf(song: PublicSong): SongInfoValues {
    return forms[song.id] ?? songInfoFromSong(song);
  }

  function close() {
    onOpenChange(false);
    uploads.clear();
    setStep('upload');
    setForms({});
    setErrors({});
    setAddToAlbum(false);
  }

  /** Song info typed but not saved would be lost: ask before closing. */
  const guard = useDiscardGuard(
    () => uploaded.some((song) => forms[song.id] && isSongInfoChanged(forms[song.id]!, song)),
    close,
    UNSAVED_SONG_INFO,
  );

  async function save() {
    const bodies: [PublicSong, UpdateSongBody][] = [];
    const found: Record<string, SongInfoErrors> = {};
    for (const song of uploaded) {
      const result = songInfoBody(valuesOf(song));
      if ('errors' in result) found[song.id] = result.errors;
      else bodies.push([song, result.body]);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await Promise.all(bodies.map(([song, body]) => updateSong(song.id, body)));
      onSaved(saved);
      if (addToAlbum) onCreateAlbum(saved.map((song) => song.id));
      close();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const showEdit = step === 'edit' && uploaded.length > 0;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : guard.requestClose())}
      title={showEdit ? 'Edit Song Info' : 'New Song'}
      size="large"
    >
      {showEdit ? (
        <div className="new-song">
          <Button variant="ghost" className="new-song__back" onClick={() => setStep('upload')}>
            ← Back to upload
          </Button>
          {uploaded.map((song) => (
            <fieldset key={song.id} className="new-song__song">
              <legend>{song.title}</legend>
              <SongInfoFields
                values={valuesOf(song)}
                errors={errors[song.id] ?? {}}
                onChange={(values) => setForms((current) => ({ ...current, [song.id]: values }))}
              />
            </fieldset>
          ))}
          {failed.length > 0 && <UploadFileList items={failed} onRetry={(key) => void retry(key)} />}
          <label className="studio-switch">
            <Switch.Root className="studio-switch__root" checked={addToAlbum} onCheckedChange={setAddToAlbum}>
              <Switch.Thumb className="studio-switch__thumb" />
            </Switch.Root>
            <span>Add all songs to a new album?</span>
          </label>
          <div className="action-row action-row--spaced">
            <Button variant="secondary" onClick={guard.requestClose}>
              Cancel
            </Button>
            <Button onClick={save} loading={saving}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <div className="new-song">
          <DropZone
            accept={LOSSLESS_ACCEPT}
            rejectMessage={refusalOf}
            onFiles={(files) => void receive(files)}
            disabled={busy}
            inputLabel="Choose audio files"
          >
            <strong>Drop your WAV, FLAC, AIFF or ALAC files here</strong>
            <span>or press to choose them</span>
          </DropZone>
          <UploadLimitsNote />
          {uploads.items.length > 0 && (
            <div className="new-song__progress" aria-live="polite">
              {busy && <ProgressBar value={progress} label={progressLabel(progress)} />}
              <UploadFileList items={uploads.items} onRetry={(key) => void retry(key)} />
            </div>
          )}
          {!busy && uploaded.length > 0 && (
            <div className="action-row action-row--spaced">
              <Button onClick={() => setStep('edit')}>
                Continue to Edit Song Info ({countOf(uploaded.length, 'song')})
              </Button>
            </div>
          )}
        </div>
      )}
      {guard.dialog}
    </Modal>
  );
}
