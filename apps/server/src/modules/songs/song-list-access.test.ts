import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../context.js';
import type { AppError } from '../../errors/app-error.js';
import { createAdmin, createArtist, createSong, createSubscription, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { checkAccess, requireAccess, requireArtistSongScope, type Actor } from '../access/index.js';
import { updateArtistRow } from '../artists/artists.repository.js';
import { listAllSongsOfArtist, listSongsOfArtist } from './songs.repository.js';

/**
 * The song list's one access check (`requireArtistSongScope`, docs/decisions/0061) against the two it replaced:
 * `requireAccess(artist.view)` for the artist, then song.view for each song. Artists: `active` (ACTIVE),
 * `left` (CANCELLED, its licence running on for subscribers in term) and `pending` (not approved), each with a
 * released song, a pending one, a withdrawn one and one whose release date has not come.
 */
type ArtistName = 'active' | 'left' | 'pending';
type ActorName = 'anonymous' | 'fan' | 'subscriber' | 'lapsed' | 'owner' | 'pendingOwner' | 'admin';

let t: TestApp;
const artistIds = {} as Record<ArtistName, string>;
const songsOf = {} as Record<ArtistName, string[]>;
const actors = {} as Record<ActorName, Actor>;

function asActor(user: { id: string; email: string; role: SessionUser['role'] }, artistId: string | null = null) {
  return {
    id: user.id,
    sessionId: crypto.randomUUID(),
    role: user.role,
    email: user.email,
    firstName: 'A',
    lastName: 'B',
    artistId,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const made = {
    active: await createArtist(t.app, { artist: { status: 'ACTIVE' } }),
    left: await createArtist(t.app, { artist: { status: 'ACTIVE' } }),
    pending: await createArtist(t.app),
  };
  const [fan, subscriber, lapsed, admin] = [
    await createUser(t.app),
    await createUser(t.app),
    await createUser(t.app),
    await createAdmin(t.app),
  ];
  const day = 24 * 3600 * 1000;
  for (const name of ['active', 'left', 'pending'] as const) {
    const artistId = made[name].artistId;
    artistIds[name] = artistId;
    songsOf[name] = [
      (await createSong(t.app, artistId, { status: 'ready' })).id,
      (await createSong(t.app, artistId, {})).id,
      (await createSong(t.app, artistId, { status: 'ready', active: false })).id,
      (await createSong(t.app, artistId, { status: 'ready', releaseDate: '2999-01-01' })).id,
    ];
    await createSubscription(t.app, { memberId: subscriber!.id, artistId });
    await createSubscription(t.app, { memberId: lapsed!.id, artistId, currentPeriodEnd: new Date(Date.now() - day) });
  }
  await updateArtistRow(t.app.ctx.db, artistIds.left, { status: 'CANCELLED', terminatedAt: new Date() });
  Object.assign(actors, {
    anonymous: null,
    fan: asActor(fan!),
    subscriber: asActor(subscriber!),
    lapsed: asActor(lapsed!),
    owner: asActor(made.active, made.active.artistId),
    pendingOwner: asActor(made.pending, made.pending.artistId),
    admin: asActor(admin!),
  });
});
afterAll(async () => t.close());

/** What the list shows: the scope's songs as the list's statements read them, or the error's status. */
async function merged(actor: Actor, artistId: string): Promise<number | string[]> {
  try {
    const scope = await requireArtistSongScope(t.app.ctx, actor, artistId);
    const { rows, total } = await listSongsOfArtist(t.app.ctx.db, artistId, scope, { offset: 0, limit: 100 });
    expect(total).toBe(rows.length);
    return rows.map((row) => row.id).sort();
  } catch (error) {
    return (error as AppError).status;
  }
}

/** What the two checks it replaced answer: artist.view (404 unless), then song.view of each of its songs. */
async function separately(actor: Actor, artist: ArtistName): Promise<number | string[]> {
  try {
    await requireAccess(t.app.ctx, actor, 'artist.view', [artistIds[artist]]);
  } catch (error) {
    return (error as AppError).status;
  }
  return [...(await checkAccess(t.app.ctx, actor, 'song.view', songsOf[artist]))].sort();
}

describe('the song list asks one statement who may see the artist and which of its songs', () => {
  const released = (artist: ArtistName) => [songsOf[artist][0]!].sort();
  const every = (artist: ArtistName) => [...songsOf[artist]].sort();

  it.each<[ActorName, ArtistName, () => number | string[]]>([
    ['owner', 'active', () => every('active')],
    ['admin', 'active', () => every('active')],
    ['admin', 'left', () => every('left')],
    ['admin', 'pending', () => every('pending')],
    ['pendingOwner', 'pending', () => every('pending')],
    ['subscriber', 'active', () => released('active')],
    ['subscriber', 'left', () => released('left')],
    ['fan', 'active', () => released('active')],
    ['fan', 'left', () => []],
    ['lapsed', 'left', () => []],
    ['anonymous', 'active', () => released('active')],
    ['anonymous', 'left', () => []],
    ['anonymous', 'pending', () => 404],
    ['fan', 'pending', () => 404],
    ['subscriber', 'pending', () => 404],
    ['owner', 'pending', () => 404],
    ['pendingOwner', 'active', () => released('active')],
  ])('%s on the %s artist', async (actor, artist, expected) => {
    expect(await merged(actors[actor], artistIds[artist])).toEqual(expected());
  });

  it('answers as artist.view and song.view did, for every actor and artist', async () => {
    for (const actor of Object.keys(actors) as ActorName[]) {
      for (const artist of Object.keys(artistIds) as ArtistName[]) {
        expect(await merged(actors[actor], artistIds[artist]), `${actor} on ${artist}`).toEqual(
          await separately(actors[actor], artist),
        );
      }
    }
  });

  it('is 404 for an unknown artist and for text that is no id, without a statement for the latter', async () => {
    expect(await merged(actors.admin, crypto.randomUUID())).toBe(404);
    expect(await merged(actors.admin, 'not-an-id')).toBe(404);
  });

  it('knows the owner by the id the database answers, whatever case the request wrote it in', async () => {
    expect(await merged(actors.pendingOwner, artistIds.pending.toUpperCase())).toEqual(every('pending'));
  });
});

describe('the page read of the song list (flatRows, docs/decisions/0066)', () => {
  it('makes the rows drizzle makes for the same select: the same values, the same keys in the same order', async () => {
    for (const name of ['active', 'left', 'pending'] as const) {
      const { rows } = await listSongsOfArtist(t.app.ctx.db, artistIds[name], 'all', { offset: 0, limit: 100 });
      const drizzleRows = await listAllSongsOfArtist(t.app.ctx.db, artistIds[name]);
      expect(rows).toStrictEqual(drizzleRows);
      expect(rows.map((row) => Object.keys(row))).toEqual(drizzleRows.map((row) => Object.keys(row)));
      expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    }
  });
});
