import { DEFAULT_PAGE_SIZE, messages, playlistMessages, type AdminPlaylistSummary } from '@hfm/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { useDeletePlaylist } from '../../../api/playlists/delete-playlist';
import { useGenerateHfmPicks } from '../../../api/playlists/generate-hfm-picks';
import { usePlaylists } from '../../../api/playlists/get-playlists';
import { errorMessage } from '../../../api/server-errors';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { formatMonthLong } from '../../../ui/money';
import { ConfirmDelete } from '../../../ui/confirm-delete';
import { Pagination } from '../../../ui/pagination';
import { PlaylistModal, type PlaylistTarget } from './playlist-modal';
import './playlists.css';
import { countOf } from '../../../ui/count-of';

/** #/playlists: every playlist, newest first: New playlist, Generate HFM Picks, edit and delete. */
export function PlaylistsSection() {
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<PlaylistTarget | null>(null);
  const playlists = usePlaylists(page, DEFAULT_PAGE_SIZE);
  const remove = useDeletePlaylist();
  const picks = useGenerateHfmPicks();

  async function deletePlaylist(playlist: AdminPlaylistSummary) {
    try {
      await remove.mutateAsync(playlist.id);
      toast.success(playlistMessages.deleted);
    } catch (error) {
      console.error('Playlist delete failed', errorMessage(error));
      toast.error(errorMessage(error));
    }
  }

  /** This month's Picks were there already: the month the dialog offers to regenerate. */
  const [picksExist, setPicksExist] = useState<string | null>(null);

  async function generatePicks(regenerate = false) {
    try {
      const answer = await picks.mutateAsync({ regenerate });
      if (!answer.generated) return setPicksExist(answer.month);
      setPicksExist(null);
      const done = regenerate
        ? `HFM Picks · ${formatMonthLong(answer.month)} regenerated.`
        : playlistMessages.picksGenerated;
      toast.success(done, { description: answer.notice ?? undefined });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const items = playlists.data?.items;
  return (
    <section className="playlists-admin" aria-labelledby="playlists-admin-title">
      <header className="playlists-admin__header">
        <h1 id="playlists-admin-title">Playlists</h1>
        <div className="playlists-admin__actions">
          <Button variant="secondary" onClick={() => void generatePicks()} loading={picks.isPending && !picksExist}>
            Generate HFM Picks
          </Button>
          <Button onClick={() => setTarget({ id: null })}>New playlist</Button>
        </div>
      </header>
      {playlists.isPending ? (
        <p className="playlists-admin__muted">{messages.loading}</p>
      ) : playlists.isError ? (
        <div className="playlists-admin__muted" role="alert">
          <p>{errorMessage(playlists.error)}</p>
          <Button variant="secondary" onClick={() => void playlists.refetch()}>
            Try again
          </Button>
        </div>
      ) : items && items.length === 0 ? (
        <p className="playlists-admin__muted">No playlists yet. Make one with New playlist, or generate HFM Picks.</p>
      ) : (
        <ul
          className={`playlists-admin__list${playlists.isPlaceholderData ? ' playlists-admin__list--updating' : ''}`}
          aria-label="Playlists"
          aria-busy={playlists.isFetching || undefined}
        >
          {items?.map((playlist) => (
            <PlaylistRow
              key={playlist.id}
              playlist={playlist}
              onEdit={() => setTarget({ id: playlist.id })}
              onDelete={() => deletePlaylist(playlist)}
            />
          ))}
        </ul>
      )}
      {playlists.data && (
        <Pagination
          page={playlists.data.pagination.page}
          pageCount={playlists.data.pagination.pageCount}
          hasMore={playlists.data.pagination.hasMore}
          onPageChange={setPage}
          label="Playlist pages"
        />
      )}
      <PlaylistModal target={target} onClose={() => setTarget(null)} />
      <PicksExistDialog
        month={picksExist}
        regenerating={picks.isPending}
        onRegenerate={() => void generatePicks(true)}
        onClose={() => setPicksExist(null)}
      />
    </section>
  );
}

function PlaylistRow({
  playlist,
  onEdit,
  onDelete,
}: {
  playlist: AdminPlaylistSummary;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}) {
  const count = playlist.songs.length;
  const flags = [
    playlist.isHFMRadio ? 'HFM Radio' : null,
    picksFlag(playlist),
    playlist.showOnFrontPage ? 'Front page' : null,
  ].filter((flag): flag is string => flag !== null);
  return (
    <li className="playlists-admin__row">
      <div className="cover-frame playlists-admin__cover">
        {playlist.artworkPath ? <img src={playlist.artworkPath} alt="" /> : <span aria-hidden="true">♪</span>}
      </div>
      <div className="playlists-admin__body">
        <strong className="playlists-admin__title">{playlist.title}</strong>
        {flags.length > 0 && (
          <ul className="playlists-admin__flags" aria-label={`Flags of ${playlist.title}`}>
            {flags.map((flag) => (
              <li key={flag} className="playlists-admin__flag">
                {flag}
              </li>
            ))}
          </ul>
        )}
        <span className="playlists-admin__muted">
          {countOf(count, 'song')} · {playlist.position < 0 ? 'No position' : `Position ${playlist.position}`}
        </span>
      </div>
      <div className="playlists-admin__row-actions">
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${playlist.title}`}>
          Edit
        </Button>
        <ConfirmDelete label={`Delete ${playlist.title}`} onConfirm={onDelete} />
      </div>
    </li>
  );
}

/**
 * 'HFM Picks · December 2026' for a month's generated Picks (with '· #1' while they are member home's),
 * 'HFM Picks #1' for a playlist an admin flagged by hand; null for any other playlist.
 */
export function picksFlag(playlist: AdminPlaylistSummary): string | null {
  const place = playlist.HFMPicksPosition !== null ? ` #${playlist.HFMPicksPosition}` : '';
  if (playlist.picksMonth) {
    const month = `HFM Picks · ${formatMonthLong(playlist.picksMonth)}`;
    return playlist.isHFMPicks && place ? `${month} ·${place}` : month;
  }
  return playlist.isHFMPicks ? `HFM Picks${place}` : null;
}

interface PicksExistDialogProps {
  /** The month ('YYYY-MM') whose Picks exist, or null (closed). */
  month: string | null;
  regenerating: boolean;
  onRegenerate: () => void;
  onClose: () => void;
}

/** A second run in a month changes nothing: say so, and offer to replace the month's Picks. */
function PicksExistDialog({ month, regenerating, onRegenerate, onClose }: PicksExistDialogProps) {
  return (
    <Modal
      open={month !== null}
      onOpenChange={(open) => !open && onClose()}
      title="This month’s HFM Picks already exist"
      size="small"
    >
      <p>
        {`HFM Picks · ${month ? formatMonthLong(month) : ''}`} were made already: running it again changes nothing.
        Regenerate replaces the three playlists with three new ones (edits made to them are lost; members keep what they
        downloaded).
      </p>
      <div className="action-row action-row--spaced">
        <Button variant="ghost" onClick={onClose}>
          Keep them
        </Button>
        <Button onClick={onRegenerate} loading={regenerating}>
          Regenerate
        </Button>
      </div>
    </Modal>
  );
}
