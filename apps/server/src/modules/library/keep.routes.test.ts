import { downloadOptions, pagedMyMusic } from '@hfm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../platform/db/schema/artists.js';
import { songs } from '../../platform/db/schema/catalogue.js';
import { songDownloads } from '../../platform/db/schema/library.js';
import {
  createAdmin,
  createAlbum,
  createArtist,
  createStoredSong,
  createSubscription,
  createUser,
  endSubscription,
  signIn,
  TEST_PASSWORD,
  type TestArtist,
  type TestUser,
} from '../../test/factories.js';
import { countQueries } from '../../test/count-queries.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('downloads you keep: recorded, yours for good, listed in My Music', () => {
  let t: TestApp;
  let artist: TestArtist;
  let admin: TestUser;
  const cookies = {} as Record<'artist' | 'admin', string>;

  beforeAll(async () => {
    t = await createTestApp();
    artist = await createArtist(t.app, { artist: { status: 'ACTIVE', name: 'The Keepers' } });
    admin = await createAdmin(t.app);
    cookies.artist = await signIn(t.app, artist);
    cookies.admin = await signIn(t.app, admin);
  });
  afterAll(async () => t.close());

  async function fan(): Promise<TestUser & { cookie: string }> {
    const user = await createUser(t.app);
    return { ...user, cookie: await signIn(t.app, user) };
  }

  const get = (url: string, cookie?: string) => injectAs(t, cookie, { method: 'GET', url });
  const download = (songId: string, format: string, cookie?: string) =>
    get(`/api/songs/${songId}/download?format=${format}`, cookie);

  async function recordsOf(memberId: string, songId: string) {
    return t.app.ctx.db
      .select({ format: songDownloads.format, kept: songDownloads.kept })
      .from(songDownloads)
      .where(and(eq(songDownloads.memberId, memberId), eq(songDownloads.songId, songId)));
  }

  it('records each download: kept for a subscriber, not kept for the artist and admins', async () => {
    const song = await createStoredSong(t.app, artist.artistId);
    const subscriber = await fan();
    await createSubscription(t.app, { memberId: subscriber.id, artistId: artist.artistId });
    expect((await download(song.id, 'flac', subscriber.cookie)).statusCode).toBe(200);
    expect((await download(song.id, 'mp3', subscriber.cookie)).statusCode).toBe(200);
    expect((await download(song.id, 'wav', cookies.artist)).statusCode).toBe(200);
    expect((await download(song.id, 'flac', cookies.admin)).statusCode).toBe(200);
    expect(await recordsOf(subscriber.id, song.id)).toEqual(
      expect.arrayContaining([
        { format: 'flac', kept: true },
        { format: 'mp3', kept: true },
      ]),
    );
    expect(await recordsOf(artist.id, song.id)).toEqual([{ format: 'wav', kept: false }]);
    expect(await recordsOf(admin.id, song.id)).toEqual([{ format: 'flac', kept: false }]);
  });

  it("answers a subscriber's download in two statements: the session, then the song checked and recorded", async () => {
    const song = await createStoredSong(t.app, artist.artistId);
    const subscriber = await fan();
    await createSubscription(t.app, { memberId: subscriber.id, artistId: artist.artistId });
    let res: Awaited<ReturnType<typeof download>> | undefined;
    const statements = await countQueries(t.app.ctx.db, async () => {
      res = await download(song.id, 'flac', subscriber.cookie);
    });
    expect(res!.statusCode, res!.body).toBe(200);
    expect(res!.json().url).toContain('/media/signed/');
    // One statement reads the song with the artist's name and both rights (song.download, song.keep) and
    // records the download it answers (docs/decisions/0065).
    expect(statements).toBe(2);
    expect(await recordsOf(subscriber.id, song.id)).toEqual([{ format: 'flac', kept: true }]);
  });

  it('refuses everyone else (403, signed out 401) and records nothing for them', async () => {
    const song = await createStoredSong(t.app, artist.artistId);
    const stranger = await fan();
    const refused = await download(song.id, 'flac', stranger.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Subscribe to The Keepers to download this song.');
    expect((await download(song.id, 'flac')).statusCode).toBe(401);
    expect(await recordsOf(stranger.id, song.id)).toEqual([]);
    const otherArtist = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    expect((await download(song.id, 'flac', await signIn(t.app, otherArtist))).statusCode).toBe(403);
  });

  it('keeps what was downloaded while subscribed, in any format, after a lapse or a cancelled term ends', async () => {
    const [kept, notDownloaded] = [
      await createStoredSong(t.app, artist.artistId),
      await createStoredSong(t.app, artist.artistId),
    ];
    for (const ending of ['active', 'canceled', 'lapsed'] as const) {
      const member = await fan();
      const subscription = (await createSubscription(t.app, { memberId: member.id, artistId: artist.artistId })).id;
      expect((await download(kept.id, 'flac', member.cookie)).statusCode).toBe(200);
      await endSubscription(t.app, subscription, ending);

      for (const format of ['flac', 'mp3', 'wav']) {
        expect((await download(kept.id, format, member.cookie)).statusCode, `${ending} ${format}`).toBe(200);
      }
      expect((await download(notDownloaded.id, 'flac', member.cookie)).statusCode).toBe(403);
      expect((await get(`/api/songs/${kept.id}/play`, member.cookie)).json().full).toBe(true);
      expect((await get(`/api/songs/${notDownloaded.id}/play`, member.cookie)).json().full).toBe(false);
      // A download after the term is recorded, not kept: the song was kept already.
      expect(await recordsOf(member.id, kept.id)).toContainEqual({ format: 'wav', kept: false });
    }
  });

  it('keeps a song the artist withdrew, or of an artist who left: its owners only', async () => {
    const withdrawn = await createStoredSong(t.app, artist.artistId);
    const owner = await fan();
    const subscriber = await fan();
    await createSubscription(t.app, { memberId: owner.id, artistId: artist.artistId });
    await createSubscription(t.app, { memberId: subscriber.id, artistId: artist.artistId });
    expect((await download(withdrawn.id, 'mp3', owner.cookie)).statusCode).toBe(200);
    await t.app.ctx.db.update(songs).set({ active: false }).where(eq(songs.id, withdrawn.id));

    expect((await download(withdrawn.id, 'flac', owner.cookie)).statusCode).toBe(200);
    expect((await get(`/api/songs/${withdrawn.id}/play`, owner.cookie)).json().full).toBe(true);
    expect((await get(`/api/songs/${withdrawn.id}/downloads`, owner.cookie)).statusCode).toBe(200);
    // Withdrawn songs are hidden from everyone else, subscribers who never downloaded them included.
    expect((await download(withdrawn.id, 'flac', subscriber.cookie)).statusCode).toBe(404);
    expect((await download(withdrawn.id, 'flac', (await fan()).cookie)).statusCode).toBe(404);

    const leaving = await createArtist(t.app, { artist: { status: 'ACTIVE' } });
    const song = await createStoredSong(t.app, leaving.artistId);
    const keeper = await fan();
    await createSubscription(t.app, { memberId: keeper.id, artistId: leaving.artistId });
    expect((await download(song.id, 'flac', keeper.cookie)).statusCode).toBe(200);
    await t.app.ctx.db.update(artists).set({ status: 'CANCELLED' }).where(eq(artists.id, leaving.artistId));
    expect((await download(song.id, 'wav', keeper.cookie)).statusCode).toBe(200);
    expect((await download(song.id, 'wav', subscriber.cookie)).statusCode).toBe(404);
  });

  it('answers the download menu: each format with its size in bytes, kept on the row', async () => {
    const song = await createStoredSong(t.app, artist.artistId, { sizes: { flac: 2410, mp3: 990, wav: 4321 } });
    const subscriber = await fan();
    await createSubscription(t.app, { memberId: subscriber.id, artistId: artist.artistId });
    const res = await get(`/api/songs/${song.id}/downloads`, subscriber.cookie);
    expect(res.statusCode, res.body).toBe(200);
    // The files made at upload, exact; the formats made on first request follow, estimated (decision 0051).
    const menu = downloadOptions.parse(res.json());
    expect(menu.filter((option) => !option.estimated)).toEqual([
      { format: 'flac', label: 'FLAC', bytes: 2410, estimated: false },
      { format: 'wav', label: 'WAV', bytes: 4321, estimated: false },
      { format: 'mp3', label: 'MP3 320', bytes: 990, estimated: false },
    ]);
    expect(menu.filter((option) => option.estimated).map((option) => option.format)).toEqual([
      'alac',
      'aiff',
      'mp3-v0',
      'aac',
      'vorbis',
      'opus',
    ]);
    const [row] = await t.app.ctx.db
      .select({ sizes: songs.downloadSizes, updatedAt: songs.updatedAt })
      .from(songs)
      .where(eq(songs.id, song.id));
    expect(row!.sizes).toEqual({ flac: 2410, mp3: 990, wav: 4321 });
    expect(row!.updatedAt).toEqual(song.updatedAt);
    // Asking for the menu is not a download.
    expect(await recordsOf(subscriber.id, song.id)).toEqual([]);

    const stranger = await fan();
    expect((await get(`/api/songs/${song.id}/downloads`, stranger.cookie)).statusCode).toBe(403);
    expect((await get(`/api/songs/${song.id}/downloads`)).statusCode).toBe(401);
    expect((await get('/api/songs/not-a-uuid/downloads', stranger.cookie)).statusCode).toBe(400);
    expect((await get(`/api/songs/${crypto.randomUUID()}/downloads`, stranger.cookie)).statusCode).toBe(404);
  });

  it('answers 409 for a song not ready, or playing with its downloads not made yet', async () => {
    const pending = await createStoredSong(t.app, artist.artistId, { status: 'pending' });
    expect((await download(pending.id, 'flac', cookies.artist)).statusCode).toBe(409);
    expect((await get(`/api/songs/${pending.id}/downloads`, cookies.artist)).statusCode).toBe(409);
    // Playing, its downloads still being made (docs/decisions/0029).
    const preparing = await createStoredSong(t.app, artist.artistId, { downloadFiles: null });
    expect((await download(preparing.id, 'flac', cookies.artist)).statusCode).toBe(409);
  });

  it("forgets a member's downloads when their account is deleted, and no one else's", async () => {
    const song = await createStoredSong(t.app, artist.artistId);
    const [leaving, staying] = [await fan(), await fan()];
    for (const member of [leaving, staying]) {
      await createSubscription(t.app, { memberId: member.id, artistId: artist.artistId });
      expect((await download(song.id, 'flac', member.cookie)).statusCode).toBe(200);
    }
    const res = await injectAs(t, leaving.cookie, {
      method: 'DELETE',
      url: `/api/users/${leaving.id}`,
      payload: { currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await recordsOf(leaving.id, song.id)).toEqual([]);
    expect(await recordsOf(staying.id, song.id)).toEqual([{ format: 'flac', kept: true }]);
  });

  describe('My Music', () => {
    it('lists what the member downloaded while subscribed, newest first, and keeps it after the term', async () => {
      const member = await fan();
      const subscription = (await createSubscription(t.app, { memberId: member.id, artistId: artist.artistId })).id;
      const first = await createStoredSong(t.app, artist.artistId, { title: 'First' });
      const second = await createStoredSong(t.app, artist.artistId, { title: 'Second' });
      await createStoredSong(t.app, artist.artistId, { title: 'Never downloaded' });
      const album = await createAlbum(t.app, artist.artistId, {
        name: 'First Light',
        artworkKey: 'album-artwork/x.png',
        songIds: [first.id],
      });
      expect((await download(first.id, 'flac', member.cookie)).statusCode).toBe(200);
      expect((await download(second.id, 'mp3', member.cookie)).statusCode).toBe(200);
      await t.app.ctx.db
        .update(songDownloads)
        .set({ downloadedAt: new Date(Date.now() - 60_000) })
        .where(and(eq(songDownloads.memberId, member.id), eq(songDownloads.songId, first.id)));
      expect((await download(first.id, 'wav', cookies.admin)).statusCode).toBe(200);
      await endSubscription(t.app, subscription);

      const res = await get(`/api/members/${member.id}/my-music`, member.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const page = pagedMyMusic.parse(res.json());
      expect(page.items.map((item) => item.title)).toEqual(['Second', 'First']);
      expect(page.pagination).toEqual({ page: 1, limit: 12, total: 2, pageCount: 1, hasMore: false });
      expect(page.items[1]).toMatchObject({
        _id: first.id,
        id: first.id,
        artistID: artist.artistId,
        artistName: 'The Keepers',
        album: { id: album.id, name: 'First Light' },
        artworkPath: '/media/album-artwork/x.png',
        formats: ['flac'],
        inCatalogue: true,
      });
      expect(page.items[0]).toMatchObject({ album: null, artworkPath: null, formats: ['mp3'] });

      // A later download (after the term) moves the song up and adds its format.
      expect((await download(first.id, 'wav', member.cookie)).statusCode).toBe(200);
      const again = pagedMyMusic.parse((await get(`/api/members/${member.id}/my-music`, member.cookie)).json());
      expect(again.items.map((item) => [item.title, item.formats])).toEqual([
        ['First', ['flac', 'wav']],
        ['Second', ['mp3']],
      ]);
      expect(Date.parse(again.items[0]!.lastDownloadedAt)).toBeGreaterThan(
        Date.parse(again.items[1]!.lastDownloadedAt),
      );

      const onePerPage = pagedMyMusic.parse(
        (await get(`/api/members/${member.id}/my-music?page=2&limit=1`, member.cookie)).json(),
      );
      expect(onePerPage.items.map((item) => item.title)).toEqual(['Second']);
      expect(onePerPage.pagination).toEqual({ page: 2, limit: 1, total: 2, pageCount: 2, hasMore: false });
      const firstOfTwo = (await get(`/api/members/${member.id}/my-music?page=1&limit=1`, member.cookie)).json();
      expect(firstOfTwo.pagination.hasMore).toBe(true);

      const ids = await get(`/api/members/${member.id}/my-music/song-ids`, member.cookie);
      expect(ids.json().songIDs.sort()).toEqual([first.id, second.id].sort());
    });

    it('shows a withdrawn song as no longer in the catalogue, still there', async () => {
      const member = await fan();
      await createSubscription(t.app, { memberId: member.id, artistId: artist.artistId });
      const song = await createStoredSong(t.app, artist.artistId, { title: 'Withdrawn' });
      await download(song.id, 'flac', member.cookie);
      await t.app.ctx.db.update(songs).set({ active: false }).where(eq(songs.id, song.id));
      const page = pagedMyMusic.parse((await get(`/api/members/${member.id}/my-music`, member.cookie)).json());
      expect(page.items).toEqual([expect.objectContaining({ title: 'Withdrawn', inCatalogue: false })]);
    });

    it('leaves out downloads that were not made while subscribed (the artist, admins)', async () => {
      const song = await createStoredSong(t.app, artist.artistId);
      await download(song.id, 'flac', cookies.artist);
      await download(song.id, 'flac', cookies.admin);
      for (const [user, cookie] of [
        [artist, cookies.artist],
        [admin, cookies.admin],
      ] as const) {
        const page = (await get(`/api/members/${user.id}/my-music`, cookie)).json();
        expect(page.items).toEqual([]);
        expect(page.pagination).toMatchObject({ total: 0, pageCount: 1, hasMore: false });
      }
    });

    it('is for the member themself and admins: others 403, signed out 401, unknown 404, bad input 400', async () => {
      const member = await fan();
      await createSubscription(t.app, { memberId: member.id, artistId: artist.artistId });
      const song = await createStoredSong(t.app, artist.artistId);
      await download(song.id, 'flac', member.cookie);
      const url = `/api/members/${member.id}/my-music`;
      const other = await fan();
      expect((await get(url, cookies.admin)).json().items).toHaveLength(1);
      expect((await get(`/api/members/${member.id.toUpperCase()}/my-music`, member.cookie)).statusCode).toBe(200);
      for (const [cookie, status] of [
        [other.cookie, 403],
        [cookies.artist, 403],
        [undefined, 401],
      ] as const) {
        const res = await get(url, cookie);
        expect(res.statusCode).toBe(status);
        expect((await get(`${url}/song-ids`, cookie)).statusCode).toBe(status);
      }
      expect((await get(`/api/members/${crypto.randomUUID()}/my-music`, cookies.admin)).statusCode).toBe(404);
      for (const bad of ['/api/members/nobody/my-music', `${url}?page=0`, `${url}?limit=101`, `${url}?page=x`]) {
        const res = await get(bad, member.cookie);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION');
      }
    });
  });
});
