import type { ArtistStats, InitialData, PublicArtist, PublicUser, SessionProfile } from '@hfm/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { unauthenticated } from '../../errors/app-error.js';
import { listOwnAlbums } from '../albums/index.js';
import { findPublicArtistByUserId } from '../artists/index.js';
import { requireSignedIn, type Actor } from '../access/index.js';
import { findTopSongOfArtist, listOwnSongs } from '../songs/index.js';
import { findUser, presentUser } from '../users/index.js';

type Catalogue = Pick<InitialData['data'], 'songs' | 'albums'>;

const NO_STATS: ArtistStats = { mostListenedToSong: null, mostHifivedSong: null };

async function loadCatalogue(ctx: AppContext, actor: SessionUser, artistId: string): Promise<Catalogue> {
  const [songs, albums] = await Promise.all([listOwnSongs(ctx, actor, artistId), listOwnAlbums(ctx, actor, artistId)]);
  return { songs, albums };
}

async function loadStats(ctx: AppContext, artistId: string): Promise<ArtistStats> {
  const asStat = (song: { id: string; title: string } | null) =>
    song ? { _id: song.id, id: song.id, title: song.title } : null;
  const [listened, hifived] = await Promise.all([
    findTopSongOfArtist(ctx, artistId, 'plays'),
    findTopSongOfArtist(ctx, artistId, 'hifives'),
  ]);
  return { mostListenedToSong: asStat(listened), mostHifivedSong: asStat(hifived) };
}

async function loadSignedInUser(ctx: AppContext, actor: SessionUser): Promise<PublicUser> {
  const row = await findUser(ctx.db, actor.id);
  if (!row) throw unauthenticated();
  return presentUser(ctx.db, row);
}

async function loadOwnArtist(ctx: AppContext, actor: SessionUser): Promise<PublicArtist | null> {
  return actor.role === 'ARTIST' ? findPublicArtistByUserId(ctx.db, actor.id) : null;
}

/** The signed-in user; for an artist also the artist with its songs and albums. */
export async function getSessionProfile(ctx: AppContext, actor: Actor): Promise<SessionProfile> {
  const self = requireSignedIn(actor);
  const [user, artist] = await Promise.all([loadSignedInUser(ctx, self), loadOwnArtist(ctx, self)]);
  if (!artist) return { user, artist: null };
  return { user, artist: { ...artist, ...(await loadCatalogue(ctx, self, artist.id)) } };
}

/** What the signed-in areas load first: stats (artists only), user, artist, songs and albums. */
export async function getInitialData(ctx: AppContext, actor: Actor): Promise<InitialData['data']> {
  const self = requireSignedIn(actor);
  const [user, artist] = await Promise.all([loadSignedInUser(ctx, self), loadOwnArtist(ctx, self)]);
  if (!artist) return { stats: NO_STATS, user, artist: null, songs: [], albums: [] };
  const [stats, catalogue] = await Promise.all([loadStats(ctx, artist.id), loadCatalogue(ctx, self, artist.id)]);
  return { stats, user, artist, ...catalogue };
}
