import type { PublicSong } from '@hfm/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage, serverFieldErrors } from '../../api/server-errors';
import { useUpdateSong } from '../../api/songs/update-song';
import { Button } from '../../ui/button';
import { useDiscardGuard } from '../../ui/discard-changes';
import { Modal } from '../../ui/modal';
import { isSongInfoChanged, songInfoBody, songInfoFromSong, UNSAVED_SONG_INFO, type SongInfoErrors } from './song-info';
import { SongInfoFields } from './song-info-fields';

export interface EditSongModalProps {
  song: PublicSong | null;
  onClose: () => void;
  onSaved: (song: PublicSong) => void;
}

/** Edit Song Info for one song from the list's options; closing with unsaved changes asks first. */
export function EditSongModal({ song, onClose, onSaved }: EditSongModalProps) {
  return song ? <EditSongDialog key={song.id} song={song} onClose={onClose} onSaved={onSaved} /> : null;
}

function EditSongDialog({ song, onClose, onSaved }: EditSongModalProps & { song: PublicSong }) {
  const [values, setValues] = useState(() => songInfoFromSong(song));
  const [errors, setErrors] = useState<SongInfoErrors>({});
  const update = useUpdateSong();
  const guard = useDiscardGuard(() => isSongInfoChanged(values, song), onClose, UNSAVED_SONG_INFO);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = songInfoBody(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      onSaved(await update.mutateAsync({ id: song.id, body: result.body }));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast.error(errorMessage(error));
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && guard.requestClose()} title="Edit Song Info" size="large">
      <form onSubmit={submit} noValidate>
        <SongInfoFields values={values} errors={errors} onChange={setValues} />
        <div className="action-row action-row--spaced">
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </div>
      </form>
      {guard.dialog}
    </Modal>
  );
}
