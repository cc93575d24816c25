import {
  terminationMessages,
  type DownloadFormat,
  type PublicArtist,
  type PublicSong,
  type PublicUser,
} from '@hfm/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../api/server-errors';
import { useDeleteSong } from '../../api/songs/delete-song';
import { useToggleFullPreview } from '../../api/songs/full-preview';
import { useArtistSongs } from '../../api/songs/get-artist-songs';
import { fetchDownloadUrl } from '../../api/songs/get-download-url';
import { usePlayer, usePlayingId, type PlayableSong } from '../../player/player-context';
import { Button } from '../../ui/button';
import { Pagination } from '../../ui/pagination';
import { SongList } from '../../components/song-list';
import { EditSongModal } from './edit-song-modal';

export const OWN_SONG_HI_FIVE = 'Hi Fives are for members: you cannot Hi Five your own song.';

export interface SongsPanelProps {
  user: Pick<PublicUser, 'role'>;
  artist: Pick<PublicArtist, 'id'> & Partial<Pick<PublicArtist, 'name' | 'status'>>;
  onSubmitMusic: () => void;
}

/** The artist's songs, 12 a page, with 'Submit Music', play, options, download and the admin columns for admins. */
export function SongsPanel({ user, artist, onSubmitMusic }: SongsPanelProps) {
  const player = usePlayer();
  const playingId = usePlayingId();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PublicSong | null>(null);
  const songs = useArtistSongs(artist.id, page);
  const deleteSong = useDeleteSong();
  const fullPreview = useToggleFullPreview(artist.id);
  const pagination = songs.data?.pagination;

  /** The player names the artist in its bar and on the lock screen. */
  const playable = (song: PublicSong): PlayableSong => ({ ...song, artistName: artist.name });
  function play(song: PublicSong) {
    player.play(playable(song), (songs.data?.items ?? [song]).map(playable));
  }

  async function remove(song: PublicSong) {
    try {
      await deleteSong.mutateAsync(song.id);
      if (song.id === player.song?.id) player.close();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function toggleFullPreview(song: PublicSong) {
    try {
      const position = songs.data?.items.filter((item) => item.isFullPreview).length ?? 0;
      await fullPreview.mutateAsync({ song, position });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function download(song: PublicSong, format: DownloadFormat) {
    try {
      // The studio offers the files made at upload: they answer with the URL at once.
      const answer = await fetchDownloadUrl(song.id, format);
      if ('url' in answer) window.location.assign(answer.url);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section className="studio-panel" aria-labelledby="songs-heading">
      <header className="studio-panel__header">
        <h2 id="songs-heading">Songs</h2>
        {artist.status === 'CANCELLED' ? (
          <p className="studio-muted">{terminationMessages.noNewMusic}</p>
        ) : (
          <Button onClick={onSubmitMusic}>Submit Music</Button>
        )}
      </header>
      <SongList
        songs={songs.data?.items}
        loading={songs.isPending}
        updating={songs.isPlaceholderData}
        showAdminColumns={user.role === 'ADMIN'}
        playingId={playingId}
        onPlay={play}
        onPause={player.pause}
        onEdit={setEditing}
        onDelete={remove}
        onToggleFullPreview={toggleFullPreview}
        onDownload={download}
        hiFiveDisabledReason={(song) => (song.artistID === artist.id ? OWN_SONG_HI_FIVE : null)}
      />
      {pagination && (
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          hasMore={pagination.hasMore}
          onPageChange={setPage}
          label="Song pages"
        />
      )}
      <EditSongModal song={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
    </section>
  );
}
