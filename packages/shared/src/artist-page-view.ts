/**
 * The artist page as its screens read it, rebuilt from the compact answer (each song once, albums naming their
 * songs by id: docs/decisions/0060). Its own module with no schema in it: the web app's first load takes this
 * function without the zod schemas beside the page's types.
 */
import type { ArtistPage, ArtistPageAlbum, ArtistPageSong, CatalogueSong } from './discovery.js';

/** A song of an artist's page with its artist named again: what song lists and the player take. */
export type ArtistPageViewSong = ArtistPageSong & Pick<CatalogueSong, 'artistID' | 'artistName' | 'artistSlug'>;
/** An album of an artist's page with its songs themselves, in album order. */
export type AlbumWithSongs = Omit<ArtistPageAlbum, 'songs'> & { songs: ArtistPageViewSong[] };
/** An artist's page as its screens read it: each song with its artist, each album with its songs. */
export interface ArtistPageView extends Omit<ArtistPage, 'albums' | 'songs'> {
  albums: AlbumWithSongs[];
  songs: ArtistPageViewSong[];
}

/** The page's answer as its screens read it (the songs are shared, not copied, between the lists). */
export function expandArtistPage(page: ArtistPage): ArtistPageView {
  const { artist } = page;
  const songs = page.songs.map((song) => ({
    ...song,
    artistID: artist.id,
    artistName: artist.name,
    artistSlug: artist.slug,
  }));
  const byId = new Map(songs.map((song) => [song.id, song]));
  return {
    ...page,
    songs,
    albums: page.albums.map((album) => ({ ...album, songs: album.songs.flatMap((id) => byId.get(id) ?? []) })),
  };
}
