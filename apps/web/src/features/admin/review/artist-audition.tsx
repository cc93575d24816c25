import type { PublicArtist, PublicSong } from '@hfm/shared';
import { useState } from 'react';
import { useArtistSongs } from '../../../api/songs/get-artist-songs';
import { usePlayer, usePlayingId, type PlayableSong } from '../../../player/player-context';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { Pagination } from '../../../ui/pagination';
import { SafeHtml } from '../../../ui/safe-html';
import { SongList } from '../../../components/song-list';
import { useAdminOptions } from '../admin-options';

/** The audition as the artist submitted it: bio, photos and every song, playable in the shared player. */
export function ArtistAudition({ artist }: { artist: PublicArtist }) {
  return (
    <div className="review-audition">
      <section className="surface-card review-card" aria-labelledby="audition-bio">
        <h2 id="audition-bio">Bio</h2>
        {artist.bio ? (
          <SafeHtml html={artist.bio} className="review-bio" />
        ) : (
          <p className="review-muted">No bio yet.</p>
        )}
      </section>
      <AuditionPhotos artist={artist} />
      <AuditionSongs artist={artist} />
    </div>
  );
}

function AuditionPhotos({ artist }: { artist: PublicArtist }) {
  const [open, setOpen] = useState<number | null>(null);
  const photos = artist.photos;
  const alt = (index: number) => `${artist.name}, photo ${index + 1} of ${photos.length}`;
  return (
    <section className="surface-card review-card" aria-labelledby="audition-photos">
      <h2 id="audition-photos">
        Photos <span className="review-muted">({photos.length})</span>
      </h2>
      {photos.length === 0 ? (
        <p className="review-muted">No photos yet.</p>
      ) : (
        <ul className="review-gallery">
          {photos.map((path, index) => (
            <li key={path}>
              <button type="button" className="review-gallery__thumb" onClick={() => setOpen(index)}>
                <img src={path} alt={alt(index)} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={open !== null}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        title={open === null ? 'Photo' : `Photo ${open + 1} of ${photos.length}`}
        size="large"
      >
        {open !== null && (
          <div className="review-gallery__viewer">
            <img src={photos[open]} alt={alt(open)} />
            {photos.length > 1 && (
              <div className="review-gallery__steps">
                <Button variant="secondary" onClick={() => setOpen((open + photos.length - 1) % photos.length)}>
                  Previous photo
                </Button>
                <Button variant="secondary" onClick={() => setOpen((open + 1) % photos.length)}>
                  Next photo
                </Button>
              </div>
            )}
          </div>
        )}
      </Modal>
    </section>
  );
}

function AuditionSongs({ artist }: { artist: PublicArtist }) {
  const { showAdminOptions } = useAdminOptions();
  const player = usePlayer();
  const playingId = usePlayingId();
  const [page, setPage] = useState(1);
  const songs = useArtistSongs(artist.id, page);
  const pagination = songs.data?.pagination;
  const playable = (song: PublicSong): PlayableSong => ({ ...song, artistName: artist.name });
  return (
    <section className="surface-card review-card" aria-labelledby="audition-songs">
      <h2 id="audition-songs">Songs {pagination && <span className="review-muted">({pagination.total})</span>}</h2>
      <SongList
        label={`Songs of ${artist.name}`}
        songs={songs.data?.items}
        loading={songs.isPending}
        updating={songs.isPlaceholderData}
        showAdminColumns={showAdminOptions}
        playingId={playingId}
        onPlay={(song) => player.play(playable(song), (songs.data?.items ?? [song]).map(playable))}
        onPause={player.pause}
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
    </section>
  );
}
