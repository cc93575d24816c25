import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { insertArtist, insertPhoto, type ArtistRow } from '../modules/artists/artists.repository.js';
import type { Database } from '../platform/db/client.js';
import { artists } from '../platform/db/schema/artists.js';
import { playlists, playlistSongs } from '../platform/db/schema/catalogue.js';
import { genres } from '../platform/db/schema/genres.js';
import { users } from '../platform/db/schema/identity.js';
import { uniqueEmail } from './factories.js';

/** Rows for the catalogue fans browse, inserted directly (no sign-up, no password hashing). */

type ArtistValues = Partial<Omit<typeof artists.$inferInsert, 'slug' | 'userId'>>;

/** An artist row (ACTIVE unless given) with a user row that cannot sign in. */
export async function insertArtistRow(app: FastifyInstance, values: ArtistValues = {}): Promise<ArtistRow> {
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
export async function insertArtistRows(app: FastifyInstance, rows: ArtistValues[]): Promise<ArtistRow[]> {
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

export async function addArtistPhoto(app: FastifyInstance, artistId: string, key: string): Promise<void> {
  await insertPhoto(app.ctx.db, artistId, key);
}

export async function insertGenre(db: Database, label: string): Promise<string> {
  const [row] = await db.insert(genres).values({ label }).returning({ id: genres.id });
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
