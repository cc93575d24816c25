import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  insertAlbum,
  replaceAlbumSongs,
  type AlbumRow,
  type NewAlbumRow,
} from '../../modules/albums/albums.repository.js';
import { insertArtist, insertPhoto, type ArtistRow } from '../../modules/artists/artists.repository.js';
import { insertSong, type NewSongRow, type SongRow } from '../../modules/songs/songs.repository.js';
import { artists } from '../../platform/db/schema/artists.js';
import { playlists, playlistSongs } from '../../platform/db/schema/catalogue.js';
import { genres } from '../../platform/db/schema/genres.js';
import { users } from '../../platform/db/schema/identity.js';
import { uniqueEmail } from './accounts.js';

/** Rows for the catalogue fans browse, inserted directly (no sign-up, no password hashing, no upload). */

type ArtistValues = Partial<Omit<typeof artists.$inferInsert, 'slug' | 'userId'>>;

/** An artist row (ACTIVE unless given) with a user row that cannot sign in. */
export async function createArtistRow(app: FastifyInstance, values: ArtistValues = {}): Promise<ArtistRow> {
  const email = uniqueEmail('band');
  const [user] = await app.ctx.db
    .insert(users)
    .values({ firstName: 'Band', lastName: 'Member', email, userName: email, passwordHash: '!', role: 'ARTIST' })
    .returning({ id: users.id });
  return insertArtist(app.ctx.db, {
    name: `Band ${email.split('@')[0]}`,
    status: 'ACTIVE',
    ...values,
    userId: user!.id,
  });
}

/** Many ACTIVE (unless given) artist rows in two statements, each with a user that cannot sign in. */
export async function createArtistRows(app: FastifyInstance, rows: ArtistValues[]): Promise<ArtistRow[]> {
  if (rows.length === 0) return [];
  const emails = rows.map(() => uniqueEmail('band'));
  const created = await app.ctx.db
    .insert(users)
    .values(
      emails.map((email) => ({
        firstName: 'Band',
        lastName: 'Member',
        email,
        userName: email,
        passwordHash: '!',
        role: 'ARTIST',
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIds = new Map(created.map((user) => [user.email, user.id]));
  return app.ctx.db
    .insert(artists)
    .values(
      rows.map((values, index) => {
        const handle = emails[index]!.split('@')[0]!;
        return {
          name: `Band ${handle}`,
          slug: handle,
          status: 'ACTIVE',
          ...values,
          userId: userIds.get(emails[index]!)!,
        };
      }),
    )
    .returning();
}

/** Changes an artist row as an admin's tools would (status, featuring, dates). */
export async function setArtist(app: FastifyInstance, id: string, values: ArtistValues): Promise<void> {
  await app.ctx.db.update(artists).set(values).where(eq(artists.id, id));
}

/** A photo in the artist's gallery, stored under `key`. */
export async function createArtistPhoto(app: FastifyInstance, artistId: string, key: string): Promise<void> {
  await insertPhoto(app.ctx.db, artistId, key);
}

/** A genre; answers its id. */
export async function createGenre(app: FastifyInstance, label: string): Promise<string> {
  const [row] = await app.ctx.db.insert(genres).values({ label }).returning({ id: genres.id });
  return row!.id;
}

/** A playlist holding these songs in this order. */
export async function createPlaylist(
  app: FastifyInstance,
  values: Partial<typeof playlists.$inferInsert> = {},
  songIds: string[] = [],
): Promise<string> {
  const [row] = await app.ctx.db
    .insert(playlists)
    .values({ title: 'Test Playlist', ...values })
    .returning({ id: playlists.id });
  if (songIds.length > 0) {
    await app.ctx.db
      .insert(playlistSongs)
      .values(songIds.map((songId, position) => ({ playlistId: row!.id, songId, position })));
  }
  return row!.id;
}

/** A song row inserted directly (no upload): pending unless overridden, with a release date. */
export async function createSong(
  app: FastifyInstance,
  artistId: string,
  overrides: Partial<NewSongRow> = {},
): Promise<SongRow> {
  return insertSong(app.ctx.db, { artistId, title: 'Test Song', releaseDate: '2024-03-01', ...overrides });
}

/** An album row inserted directly, holding these songs in this order. */
export async function createAlbum(
  app: FastifyInstance,
  artistId: string,
  overrides: Partial<NewAlbumRow> & { songIds?: string[] } = {},
): Promise<AlbumRow> {
  const { songIds = [], ...values } = overrides;
  const album = await insertAlbum(app.ctx.db, { artistId, name: 'Test Album', ...values });
  await replaceAlbumSongs(app.ctx.db, album.id, songIds);
  return album;
}

/**
 * A ready song whose three download files are really in storage (random bytes of the given sizes, not
 * audio): enough for sizes, signed URLs and zips.
 */
export async function createStoredSong(
  app: FastifyInstance,
  artistId: string,
  values: Parameters<typeof createSong>[2] & { sizes?: { flac: number; mp3: number; wav: number } } = {},
): Promise<SongRow & { bytes: Record<'flac' | 'mp3' | 'wav', Buffer> }> {
  const { sizes = { flac: 3000, mp3: 1500, wav: 5000 }, ...overrides } = values;
  const folder = `songs/test-${crypto.randomBytes(6).toString('hex')}/download`;
  const keys = { flac: `${folder}/song.flac`, mp3: `${folder}/song.mp3`, wav: `${folder}/song.wav` };
  const bytes = {
    flac: crypto.randomBytes(sizes.flac),
    mp3: crypto.randomBytes(sizes.mp3),
    wav: crypto.randomBytes(sizes.wav),
  };
  for (const format of ['flac', 'mp3', 'wav'] as const) {
    await app.ctx.storage.put(keys[format], bytes[format], 'application/octet-stream');
  }
  const song = await createSong(app, artistId, {
    status: 'ready',
    duration: 120,
    downloadFile: keys.flac,
    downloadFiles: keys,
    ...overrides,
  });
  return { ...song, bytes };
}
