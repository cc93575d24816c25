import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../errors/app-error.js';
import { inArray } from 'drizzle-orm';
import { preparedRead } from '../../platform/db/prepared.js';
import { subscriptions } from '../../platform/db/schema/billing.js';
import { songs } from '../../platform/db/schema/catalogue.js';
import { hiFives } from '../../platform/db/schema/engagement.js';
import { createAdmin, createAlbum, createArtist, createSong, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { SessionUser } from '../../context.js';
import { mayManageLoadedArtist, mayViewLoadedArtist } from './access.policy.js';
import { checkAccess, preparedSongPermissions, requireAccess } from './access.service.js';
import type { Actor, Permission } from './permissions.js';

/**
 * The policy on a real database. `ours` is ACTIVE with songs in every state; `theirs` is PENDING.
 * `subscriber` is in term with `ours`, `lapsed` was (expired), `cancelled` has a cancelled subscription.
 */
let t: TestApp;
const actors = {} as Record<
  'owner' | 'pendingOwner' | 'fan' | 'subscriber' | 'lapsed' | 'canceled' | 'admin',
  SessionUser
> & {
  anonymous: null;
};
const song = {} as Record<'ready' | 'pending' | 'inactive' | 'fullPreview' | 'unapproved', string>;
const album = {} as Record<'ours' | 'theirs', string>;
let artist: { ours: string; theirs: string };
const unknown = crypto.randomUUID();

function asActor(user: TestUser, artistId: string | null = null): SessionUser {
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
  const ours = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
  const theirs = await createArtist(t.app);
  artist = { ours: ours.artistId, theirs: theirs.artistId };
  const [fan, subscriber, lapsed, cancelled, admin] = [
    await createUser(t.app),
    await createUser(t.app),
    await createUser(t.app),
    await createUser(t.app),
    await createAdmin(t.app),
  ];
  Object.assign(actors, {
    anonymous: null,
    owner: asActor(ours, ours.artistId),
    pendingOwner: asActor(theirs, theirs.artistId),
    fan: asActor(fan!),
    subscriber: asActor(subscriber!),
    lapsed: asActor(lapsed!),
    cancelled: asActor(cancelled!),
    admin: asActor(admin!),
  });
  const day = 24 * 3600 * 1000;
  await t.app.ctx.db.insert(subscriptions).values([
    { memberId: subscriber!.id, artistId: ours.artistId, currentPeriodEnd: new Date(Date.now() + 30 * day) },
    { memberId: lapsed!.id, artistId: ours.artistId, currentPeriodEnd: new Date(Date.now() - day) },
    {
      memberId: cancelled!.id,
      artistId: ours.artistId,
      status: 'canceled',
      currentPeriodEnd: new Date(Date.now() + 30 * day),
    },
  ]);
  const make = async (artistId: string, values: Parameters<typeof createSong>[2]) =>
    (await createSong(t.app, artistId, values)).id;
  song.ready = await make(ours.artistId, { status: 'ready' });
  song.pending = await make(ours.artistId, {});
  song.inactive = await make(ours.artistId, { status: 'ready', active: false });
  song.fullPreview = await make(ours.artistId, { status: 'ready', isFullPreview: true });
  song.unapproved = await make(theirs.artistId, { status: 'ready' });
  album.ours = (await createAlbum(t.app, ours.artistId)).id;
  album.theirs = (await createAlbum(t.app, theirs.artistId)).id;
});
afterAll(async () => t.close());

type ActorName = keyof typeof actors;

/** The names of the things (of `names`) the actor holds the permission for, asked in one call. */
async function allowed<K extends string>(actor: ActorName, permission: Permission, ids: Record<K, string>) {
  const answer = await checkAccess(t.app.ctx, actors[actor] as Actor, permission, [
    ...Object.values<string>(ids),
    unknown,
  ]);
  expect(answer.has(unknown), 'an unknown id is never allowed').toBe(false);
  return (Object.keys(ids) as K[]).filter((name) => answer.has(ids[name])).sort();
}

const everySong = ['fullPreview', 'inactive', 'pending', 'ready', 'unapproved'];
const oursSongs = ['fullPreview', 'inactive', 'pending', 'ready'];

describe('checkAccess answers the subset of a set of ids', () => {
  it.each<[ActorName, string[]]>([
    ['anonymous', ['fullPreview', 'ready']],
    ['fan', ['fullPreview', 'ready']],
    ['owner', oursSongs],
    ['pendingOwner', ['fullPreview', 'ready', 'unapproved']],
    ['admin', everySong],
  ])('song.view for %s', async (actor, expected) => {
    expect(await allowed(actor, 'song.view', song)).toEqual(expected);
  });

  it.each<[ActorName, string[]]>([
    ['anonymous', []],
    ['fan', []],
    ['subscriber', []],
    ['owner', oursSongs],
    ['pendingOwner', ['unapproved']],
    ['admin', everySong],
  ])('song.manage for %s', async (actor, expected) => {
    expect(await allowed(actor, 'song.manage', song)).toEqual(expected);
  });

  it.each<[ActorName, string[]]>([
    ['anonymous', ['fullPreview']],
    ['fan', ['fullPreview']],
    ['subscriber', ['fullPreview', 'ready']],
    ['lapsed', ['fullPreview']],
    ['canceled', ['fullPreview']],
    ['owner', oursSongs],
    ['pendingOwner', ['fullPreview', 'unapproved']],
    ['admin', everySong],
  ])('song.stream for %s', async (actor, expected) => {
    expect(await allowed(actor, 'song.stream', song)).toEqual(expected);
  });

  it.each<[ActorName, string[]]>([
    ['anonymous', []],
    ['fan', []],
    ['subscriber', ['fullPreview', 'ready']],
    ['lapsed', []],
    ['canceled', []],
    ['owner', oursSongs],
    ['admin', everySong],
  ])('song.download for %s', async (actor, expected) => {
    expect(await allowed(actor, 'song.download', song)).toEqual(expected);
  });

  it.each<[ActorName, string[], string[]]>([
    ['anonymous', ['ours'], []],
    ['fan', ['ours'], []],
    ['owner', ['ours'], ['ours']],
    ['pendingOwner', ['ours', 'theirs'], ['theirs']],
    ['admin', ['ours', 'theirs'], ['ours', 'theirs']],
  ])('artist.view and artist.manage for %s', async (actor, view, manage) => {
    expect(await allowed(actor, 'artist.view', artist)).toEqual(view);
    expect(await allowed(actor, 'artist.manage', artist)).toEqual(manage);
  });

  it('answers artist.view and artist.manage from a row already read as the policy does, for every status', async () => {
    const statuses = ['ACTIVE', 'PENDING', 'INACTIVE', 'CANCELLED'] as const;
    const others = await Promise.all(statuses.map((status) => createArtist(t.app, { artist: { status } })));
    const rows = [
      { id: artist.ours, status: 'ACTIVE' },
      { id: artist.theirs, status: 'PENDING' },
      ...others.map((other, index) => ({ id: other.artistId, status: statuses[index]! })),
    ];
    for (const name of Object.keys(actors) as ActorName[]) {
      const actor = actors[name] as Actor;
      const ids = rows.map((row) => row.id);
      const view = await checkAccess(t.app.ctx, actor, 'artist.view', ids);
      const manage = await checkAccess(t.app.ctx, actor, 'artist.manage', ids);
      for (const row of rows) {
        expect(mayViewLoadedArtist(actor, row), `${name} views ${row.status}`).toBe(view.has(row.id));
        expect(mayManageLoadedArtist(actor, row), `${name} manages ${row.status}`).toBe(manage.has(row.id));
      }
    }
  });

  it.each<[ActorName, string[], string[]]>([
    ['anonymous', ['ours'], []],
    ['subscriber', ['ours'], []],
    ['owner', ['ours'], ['ours']],
    ['pendingOwner', ['ours', 'theirs'], ['theirs']],
    ['admin', ['ours', 'theirs'], ['ours', 'theirs']],
  ])('album.view and album.manage for %s', async (actor, view, manage) => {
    expect(await allowed(actor, 'album.view', album)).toEqual(view);
    expect(await allowed(actor, 'album.manage', album)).toEqual(manage);
  });

  it('holds back a song until its release date (one without a date is out when ready), except from its artist', async () => {
    const make = async (releaseDate: string | null) =>
      (await createSong(t.app, artist.ours, { status: 'ready', isFullPreview: true, releaseDate })).id;
    const dated = {
      future: await make('2999-01-01'),
      past: await make(new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)),
      undated: await make(null),
    };
    expect(await allowed('fan', 'song.view', dated)).toEqual(['past', 'undated']);
    expect(await allowed('anonymous', 'song.stream', dated)).toEqual(['past', 'undated']);
    expect(await allowed('subscriber', 'song.download', dated)).toEqual(['past', 'undated']);
    expect(await allowed('owner', 'song.view', dated)).toEqual(['future', 'past', 'undated']);
    expect(await allowed('admin', 'song.stream', dated)).toEqual(['future', 'past', 'undated']);
  });

  it('user.view, user.manage and user.password', async () => {
    const users = { fan: actors.fan.id, owner: actors.owner.id };
    expect(await allowed('anonymous', 'user.view', users)).toEqual([]);
    expect(await allowed('fan', 'user.view', users)).toEqual(['fan', 'owner']);
    expect(await allowed('fan', 'user.manage', users)).toEqual(['fan']);
    expect(await allowed('admin', 'user.manage', users)).toEqual(['fan', 'owner']);
    expect(await allowed('fan', 'user.password', users)).toEqual(['fan']);
    expect(await allowed('admin', 'user.password', users)).toEqual([]);
  });

  it('hiFive.view and hiFive.manage: the member who gave it, and admins', async () => {
    const [fans, subscribers] = await t.app.ctx.db
      .insert(hiFives)
      .values([
        { userId: actors.fan.id, itemId: song.ready },
        { userId: actors.subscriber.id, itemId: song.ready },
      ])
      .returning();
    const entries = { fans: fans!.id, subscribers: subscribers!.id };
    for (const permission of ['hiFive.view', 'hiFive.manage'] as const) {
      expect(await allowed('anonymous', permission, entries)).toEqual([]);
      expect(await allowed('fan', permission, entries)).toEqual(['fans']);
      expect(await allowed('owner', permission, entries)).toEqual([]);
      expect(await allowed('admin', permission, entries)).toEqual(['fans', 'subscribers']);
    }
    expect(await refusal(requireAccess(t.app.ctx, actors.owner, 'hiFive.manage', [fans!.id]))).toEqual({
      status: 404,
      message: 'No such Hi Five.',
    });
  });

  it('asks the database once for any number of ids, and not at all for none or for text that is no id', async () => {
    // Counts the statements drizzle sends (a subquery is part of its statement, not one more).
    let queries = 0;
    const db = t.app.ctx.db;
    const counting = {
      db: new Proxy(db, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver);
          if (property !== 'session' || typeof value !== 'object' || value === null) return value;
          return new Proxy(value, {
            get(session, name, sessionReceiver) {
              if (name === 'prepareQuery') queries += 1;
              return Reflect.get(session, name, sessionReceiver);
            },
          });
        },
      }),
    };
    const answer = await checkAccess(counting, actors.subscriber, 'song.download', Object.values(song));
    expect([...answer].sort()).toEqual([song.fullPreview, song.ready].sort());
    expect(queries).toBe(1);
    expect((await checkAccess(counting, actors.admin, 'song.view', [])).size).toBe(0);
    expect(
      (await checkAccess(counting, actors.admin, 'song.view', ['not-an-id', "'; drop table songs; --"])).size,
    ).toBe(0);
    expect(queries).toBe(1);
  });
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string } | 'allowed'> {
  try {
    await promise;
    return 'allowed';
  } catch (error) {
    return { status: (error as AppError).status, message: (error as AppError).message };
  }
}

describe('preparedSongPermissions: song.download and song.keep in a statement prepared once per shape of actor', () => {
  it('answers what checkAccess answers for every actor, one statement shared by the actors of one shape', async () => {
    let made = 0;
    const statementOf = (prepared: ReturnType<typeof preparedSongPermissions<'song.download' | 'song.keep'>>) =>
      preparedRead((db, name) => {
        const conditions = prepared.conditions(db);
        return db
          .select({ id: songs.id, download: conditions['song.download'], keep: conditions['song.keep'] })
          .from(songs)
          .where(inArray(songs.id, Object.values(song)))
          .prepare(name);
      }, `test_song_rights_${made++}`);
    const statements = new Map<string, ReturnType<typeof statementOf>>();
    const names = Object.keys(actors) as ActorName[];
    for (const actor of names) {
      const prepared = preparedSongPermissions(actors[actor] as Actor, ['song.download', 'song.keep'] as const);
      if (!statements.has(prepared.key)) statements.set(prepared.key, statementOf(prepared));
      const rows = await statements.get(prepared.key)!(t.app.ctx.db).execute(prepared.values);
      const named = (right: 'download' | 'keep') =>
        (Object.keys(song) as (keyof typeof song)[])
          .filter((name) => rows.find((row) => row.id === song[name])?.[right])
          .sort();
      expect(named('download'), `${actor}: song.download`).toEqual(await allowed(actor, 'song.download', song));
      expect(named('keep'), `${actor}: song.keep`).toEqual(await allowed(actor, 'song.keep', song));
    }
    // The members (a fan, a subscriber, the lapsed, the cancelled) share one statement: their ids are its values.
    expect(statements.size).toBeLessThan(names.length);
  });
});

describe('requireAccess: 401, 404 or 403 by the rule of docs/decisions/0006', () => {
  const ctx = () => t.app.ctx;

  it('answers the actor when every id is allowed', async () => {
    expect(await requireAccess(ctx(), actors.owner, 'song.manage', [song.ready, song.pending])).toBe(actors.owner);
    expect(await requireAccess(ctx(), null, 'song.view', [song.ready])).toBeNull();
  });

  it('is 401 for a signed-out caller on a permission that needs a sign-in, before looking anything up', async () => {
    expect(await refusal(requireAccess(ctx(), null, 'song.manage', [unknown]))).toMatchObject({ status: 401 });
    expect(await refusal(requireAccess(ctx(), null, 'user.manage', [actors.fan.id]))).toMatchObject({ status: 401 });
  });

  it("is 404 for someone else's hidden or unknown thing, and 403 for their visible thing", async () => {
    const fan = actors.fan;
    expect(await refusal(requireAccess(ctx(), fan, 'song.manage', [song.pending]))).toEqual({
      status: 404,
      message: 'No such song.',
    });
    expect(await refusal(requireAccess(ctx(), fan, 'song.manage', [song.ready]))).toMatchObject({ status: 403 });
    expect(await refusal(requireAccess(ctx(), fan, 'song.view', [song.inactive]))).toMatchObject({ status: 404 });
    expect(await refusal(requireAccess(ctx(), null, 'song.view', [song.unapproved]))).toMatchObject({ status: 404 });
    expect(await refusal(requireAccess(ctx(), fan, 'artist.manage', [artist.theirs]))).toEqual({
      status: 404,
      message: 'No such artist.',
    });
    expect(await refusal(requireAccess(ctx(), fan, 'artist.manage', [artist.ours]))).toMatchObject({ status: 403 });
    expect(await refusal(requireAccess(ctx(), fan, 'album.manage', [album.theirs]))).toMatchObject({ status: 404 });
    expect(await refusal(requireAccess(ctx(), fan, 'album.manage', [album.ours]))).toMatchObject({ status: 403 });
    expect(await refusal(requireAccess(ctx(), actors.admin, 'song.manage', [unknown]))).toMatchObject({ status: 404 });
  });

  it('accounts are not hidden: 403 for another account, 404 only for one that does not exist', async () => {
    expect(await refusal(requireAccess(ctx(), actors.fan, 'user.manage', [actors.owner.id]))).toMatchObject({
      status: 403,
    });
    expect(await refusal(requireAccess(ctx(), actors.admin, 'user.password', [actors.fan.id]))).toMatchObject({
      status: 403,
    });
    expect(await refusal(requireAccess(ctx(), actors.fan, 'user.manage', [unknown]))).toMatchObject({ status: 404 });
  });

  it('refuses a whole set when any id is refused, with 404 when any refused one is hidden', async () => {
    const owner = actors.owner;
    expect(await refusal(requireAccess(ctx(), owner, 'song.manage', [song.ready, song.unapproved]))).toMatchObject({
      status: 404,
    });
    const pendingOwner = actors.pendingOwner;
    expect(
      await refusal(requireAccess(ctx(), pendingOwner, 'song.manage', [song.unapproved, song.ready])),
    ).toMatchObject({ status: 403 });
    expect(await refusal(requireAccess(ctx(), pendingOwner, 'song.manage', [song.ready, song.pending]))).toMatchObject({
      status: 404,
    });
  });
});
