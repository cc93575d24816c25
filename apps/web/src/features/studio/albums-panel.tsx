import type { PublicAlbum, PublicArtist } from '@hfm/shared';
import { useDeleteAlbum } from '../../api/albums/delete-album';
import { useArtistAlbums } from '../../api/albums/get-artist-albums';
import { errorMessage } from '../../api/server-errors';
import { Button } from '../../ui/button';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { albumKey, isSaved, type AlbumEntry } from './album-list';
import { AlbumModal } from './album-modal';
import type { AlbumEditor } from './use-album-editor';
import { countOf } from '../../ui/count-of';

export interface AlbumsPanelProps {
  artist: Pick<PublicArtist, 'id' | 'name'>;
  editor: AlbumEditor;
}

/** The artist's albums, newest first, with New Album, edit and delete. */
export function AlbumsPanel({ artist, editor }: AlbumsPanelProps) {
  const albums = useArtistAlbums(artist.id);
  const remove = useDeleteAlbum();
  const list: AlbumEntry[] = [...editor.drafts, ...(albums.data ?? [])];

  function saved(_album: PublicAlbum, draftKey?: string) {
    editor.saved(draftKey);
  }

  async function deleteAlbum(album: PublicAlbum) {
    try {
      await remove.mutateAsync(album.id);
    } catch (error) {
      console.error('Album delete failed', errorMessage(error));
    }
  }

  return (
    <section className="studio-panel" aria-labelledby="albums-heading">
      <header className="studio-panel__header">
        <h2 id="albums-heading">Albums</h2>
        <Button onClick={() => editor.openNew()}>New Album</Button>
      </header>
      {albums.isPending ? (
        <p className="studio-muted">Loading...</p>
      ) : list.length === 0 ? (
        <p className="studio-muted">No albums yet. Gather your songs into one with New Album.</p>
      ) : (
        <ul className="tile-grid">
          {list.map((album) => (
            <li key={albumKey(album)} className="album-card">
              <div className="cover-frame">
                {album.artworkPath ? <img src={album.artworkPath} alt="" /> : <span aria-hidden="true">♪</span>}
              </div>
              <div className="album-card__body">
                <strong>{album.name || 'Untitled album'}</strong>
                <span className="studio-muted">
                  {isSaved(album) ? countOf(album.songs.length, 'song') : 'Not saved yet'}
                </span>
              </div>
              {isSaved(album) && (
                <div className="album-card__actions">
                  <Button
                    variant="secondary"
                    onClick={() => editor.openExisting(album)}
                    aria-label={`Edit ${album.name}`}
                  >
                    Edit
                  </Button>
                  <ConfirmDelete label={`Delete ${album.name}`} onConfirm={() => deleteAlbum(album)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <AlbumModal album={editor.editing} artist={artist} onClose={editor.close} onSaved={saved} />
    </section>
  );
}
