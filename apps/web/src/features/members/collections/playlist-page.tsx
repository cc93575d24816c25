import { useParams } from 'react-router';
import { usePlaylistPage } from '../../../api/discovery/get-playlist-page';
import { Button } from '../../../ui/button';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { isNotFound } from './genre-page';
import { PageHeader, PageNotFound } from '../page-header';
import { usePlayFromList } from '../playable';
import { QueryBlock } from '../query-block';
import { SongRows, type SongRowsProps } from '../song-rows';
import '../members.css';
import { countOf } from '../../../ui/count-of';

/** /members/playlists/{id} and /discover/playlists/{id}: a playlist's songs in order; Play starts at the top with the playlist as the queue. */
export function PlaylistPage() {
  const { id = '' } = useParams();
  const page = usePlaylistPage(id);
  useDocumentTitle(page.data?.playlist.title ?? 'Playlist');
  if (isNotFound(page.error)) return <PageNotFound what="playlist" />;
  return (
    <div className="discover">
      <QueryBlock query={page} label="this playlist" skeleton="page">
        {({ playlist, songs }) => (
          <>
            <PageHeader
              eyebrow={playlist.isHFMPicks ? 'HFM Picks' : playlist.isHFMRadio ? 'HFM Radio' : 'Playlist'}
              title={playlist.title}
              image={playlist.artworkPath}
              meta={countOf(songs.length, 'song')}
            >
              {songs.length > 0 && <PlayAll songs={songs} title={playlist.title} />}
            </PageHeader>
            <section className="discover-section" aria-labelledby="playlist-songs-title">
              <h2 id="playlist-songs-title">Songs</h2>
              <SongRows songs={songs} label={`Songs of ${playlist.title}`} showArtist numbered />
            </section>
          </>
        )}
      </QueryBlock>
    </div>
  );
}

export function PlayAll({ songs, title }: { songs: SongRowsProps['songs']; title: string }) {
  const { toggle, playingId } = usePlayFromList(songs);
  const playingHere = songs.some((song) => song.id === playingId);
  const first = songs[0];
  if (playingHere || !first) return null;
  return (
    <Button onClick={() => toggle(first)}>
      Play <span className="visually-hidden">{title}</span>
    </Button>
  );
}
