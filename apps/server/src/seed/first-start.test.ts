import { execFileSync } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  albums,
  albumSongs,
  artistPhotos,
  artists,
  genres,
  hiFives,
  ledgerEntries,
  playlists,
  songDownloads,
  songs,
  subscriptions,
  users,
} from '../platform/db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { FIRST_START_CATALOGUE, seedCatalogue } from './catalogue.js';
import { DEMO_ARTIST_ALBUM } from './catalogue-plan.js';
import { DEMO_ACCOUNTS, DEMO_ACCOUNTS_FILE, seedDemoOnFirstStart } from './demo.js';
import { seedDemoFanActivity } from './demo-fan.js';
import { injectAs } from '../test/route-cast.js';

/**
 * What a new user meets on the first embedded start: the demo accounts (their logins kept in a file only the
 * owner reads), a dressed catalogue (smaller here than the first start's, the same kind), the demo artist's
 * songs, and a fan who has used HFM.
 */
let t: TestApp;
let printed = '';
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOnFirstStart(t.app.ctx, (text) => (printed += text));
  await seedCatalogue(t.app.ctx, { artists: 4, songs: 12, seed: 'first-start', dress: true }, () => undefined);
  await seedDemoFanActivity(t.app.ctx);
}, 600_000);
afterAll(async () => t.close());

const db = () => t.app.ctx.db;
const storage = () => t.app.ctx.storage;

async function expectStored(key: string | null, what: string, contentType = 'image/jpeg') {
  expect(key, what).toBeTruthy();
  const stat = await storage().stat(key!);
  expect(stat, `${what}: ${key}`).not.toBeNull();
  expect(stat!.contentType).toBe(contentType);
}

/** The tags ffprobe reads from a stored file, and whether it carries a picture. */
async function probe(key: string): Promise<{ tags: Record<string, string>; picture: boolean }> {
  const object = await storage().get(key);
  const file = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'hfm-probe-')), path.basename(key));
  await fsp.writeFile(file, await buffer(object!.body));
  const json = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file], {
    encoding: 'utf8',
  });
  await fsp.rm(path.dirname(file), { recursive: true, force: true });
  const parsed = JSON.parse(json) as {
    format: { tags?: Record<string, string> };
    streams: { disposition?: { attached_pic?: number } }[];
  };
  const tags = Object.fromEntries(Object.entries(parsed.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return { tags, picture: parsed.streams.some((stream) => stream.disposition?.attached_pic === 1) };
}

describe('the first start', () => {
  it('keeps the printed logins in DATA_DIR/demo-accounts.txt, readable by its owner only', async () => {
    const file = path.join(t.config.dataDir, DEMO_ACCOUNTS_FILE);
    expect((await fsp.stat(file)).mode & 0o777).toBe(0o600);
    const text = await fsp.readFile(file, 'utf8');
    for (const demo of DEMO_ACCOUNTS) {
      const password = new RegExp(`${demo.email.replace(/[.@]/g, '\\$&')}\\s+(\\S+)\\s`).exec(printed)?.[1];
      expect(password, demo.email).toBeDefined();
      expect(text).toContain(`${demo.email.padEnd(18)} ${password}`);
    }
    expect(printed).toContain(file);
  });

  it('is dressed by default', () => {
    expect(FIRST_START_CATALOGUE.dress).toBe(true);
  });

  it('gives every ACTIVE artist songs (the demo artist too) and every album songs', async () => {
    const active = await db().select().from(artists).where(eq(artists.status, 'ACTIVE'));
    expect(active.some((artist) => artist.name === 'The Demo Tapes')).toBe(true);
    for (const artist of active) {
      const own = await db().select({ id: songs.id }).from(songs).where(eq(songs.artistId, artist.id));
      expect(own.length, artist.name).toBeGreaterThan(0);
    }
    const all = await db().select().from(albums);
    expect(all.some((album) => album.name === DEMO_ARTIST_ALBUM)).toBe(true);
    for (const album of all) {
      const tracks = await db().select().from(albumSongs).where(eq(albumSongs.albumId, album.id));
      expect(tracks.length, album.name).toBeGreaterThan(0);
    }
  });

  it('gives every artist, album, genre and playlist an image, stored where uploads are and served', async () => {
    const rows = await db()
      .select({ artist: artists, user: users })
      .from(artists)
      .innerJoin(users, eq(users.id, artists.userId));
    for (const { artist, user } of rows) {
      await expectStored(artist.bannerImage, `${artist.name} banner`);
      expect(artist.bannerImage).toMatch(new RegExp(`^banner-images/${artist.id}/`));
      await expectStored(
        user.profileImage && `profile-images/${user.id}/${user.profileImage}`,
        `${artist.name} profile`,
      );
      const photos = await db().select().from(artistPhotos).where(eq(artistPhotos.artistId, artist.id));
      expect(photos.length, `${artist.name} photos`).toBeGreaterThan(0);
      await expectStored(photos[0]!.path, `${artist.name} photo`);
    }
    for (const album of await db().select().from(albums)) {
      await expectStored(album.artworkKey, `${album.name} cover`);
      expect(album.artworkKey!.endsWith(album.artwork!)).toBe(true);
    }
    for (const genre of await db().select().from(genres)) {
      expect(genre.artwork, genre.label).toMatch(/^\/media\/genre-images\//);
      await expectStored(genre.artwork!.slice('/media/'.length), `${genre.label} art`);
    }
    for (const playlist of await db().select().from(playlists)) {
      await expectStored(playlist.artwork, `${playlist.title} art`);
    }
    const fan = await db().select().from(users).where(eq(users.email, 'fan@hfm.local'));
    expect(fan[0]!.profileImage).toBeTruthy();

    const [first] = rows;
    const served = await t.app.inject({ method: 'GET', url: `/media/${first!.artist.bannerImage}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it("writes each song's own title, artist, album, track and cover into its downloads", async () => {
    const [track] = await db()
      .select({ song: songs, album: albums, artist: artists })
      .from(songs)
      .innerJoin(albumSongs, eq(albumSongs.songId, songs.id))
      .innerJoin(albums, eq(albums.id, albumSongs.albumId))
      .innerJoin(artists, eq(artists.id, songs.artistId))
      .where(eq(albums.name, DEMO_ARTIST_ALBUM))
      .orderBy(albumSongs.position)
      .offset(1)
      .limit(1);
    const { song, album, artist } = track!;
    const files = song.downloadFiles!;
    for (const format of ['flac', 'mp3'] as const) {
      expect(files[format]).toBe(`seed/songs/${song.id}/download/song.${format}`);
      const { tags, picture } = await probe(files[format]);
      expect(tags, format).toMatchObject({ title: song.title, artist: artist.name, album: album.name });
      expect(tags.track, format).toMatch(/^2(\/|$)/);
      expect(picture, format).toBe(true);
    }
    // The WAV (most of the bytes) is the clip's, shared by its songs: it names no other song or tune.
    expect(files.wav).toMatch(/^seed\/demo-audio\/[a-z]+\/download\/song\.wav$/);
    const { encoder: _, ...wavTags } = (await probe(files.wav)).tags;
    expect(wavTags).toEqual({});
    expect(song.downloadSizes).toEqual({
      flac: (await storage().stat(files.flac))!.size,
      mp3: (await storage().stat(files.mp3))!.size,
      wav: (await storage().stat(files.wav))!.size,
    });
    const keys = (await db().select({ files: songs.downloadFiles }).from(songs)).map((row) => row.files?.flac);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tags every song of a batch with its own names (one ffmpeg re-tags many songs)', async () => {
    const sample = await db()
      .select({ song: songs, artist: artists })
      .from(songs)
      .innerJoin(artists, eq(artists.id, songs.artistId))
      .orderBy(songs.id)
      .limit(20);
    for (const { song, artist } of sample) {
      const { tags } = await probe(song.downloadFiles!.mp3);
      expect(tags, song.id).toMatchObject({ title: song.title, artist: artist.name });
    }
  });

  it("shows the demo fan's first charge in Account > Payments", async () => {
    const password = /fan@hfm\.local\s+(\S+)\s/.exec(printed)![1]!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { userName: 'fan@hfm.local', password },
    });
    expect(login.statusCode).toBe(200);
    const fanId = login.json().user.id as string;
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const payments = await injectAs(t, cookie, {
      method: 'GET',
      url: `/api/subscriptions/payments/${fanId}`,
    });
    expect(payments.statusCode, payments.body).toBe(200);
    expect(payments.json().items).toEqual([
      expect.objectContaining({
        kind: 'charge',
        amountCents: 999,
        artistName: 'The Demo Tapes',
        cardLast4: '4242',
        termNumber: 1,
      }),
    ]);
  });

  it('gives the demo fan a subscription paid through the ledger, kept downloads and Hi Fives', async () => {
    const [fan] = await db().select().from(users).where(eq(users.email, 'fan@hfm.local'));
    const [subscription] = await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.memberId, fan!.id), eq(subscriptions.status, 'active')));
    expect(subscription).toBeDefined();
    const [demoArtist] = await db().select().from(artists).where(eq(artists.name, 'The Demo Tapes'));
    expect(subscription!.artistId).toBe(demoArtist!.id);
    const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, subscription!.id));
    expect(ledger.find((row) => row.kind === 'charge')).toMatchObject({ amountCents: 999, memberId: fan!.id });
    expect(ledger.find((row) => row.kind === 'artist_credit')).toMatchObject({ artistId: demoArtist!.id });
    expect(ledger.find((row) => row.kind === 'artist_credit')!.amountCents).toBeGreaterThan(0);

    const kept = await db()
      .select()
      .from(songDownloads)
      .where(and(eq(songDownloads.memberId, fan!.id), eq(songDownloads.kept, true)));
    expect(kept.length).toBeGreaterThanOrEqual(3);
    const given = await db().select().from(hiFives).where(eq(hiFives.userId, fan!.id));
    expect(given.length).toBeGreaterThanOrEqual(3);
    const liked = await db()
      .select({ artistId: songs.artistId })
      .from(songs)
      .where(
        inArray(
          songs.id,
          given.map((row) => row.itemId),
        ),
      );
    expect(new Set(liked.map((row) => row.artistId)).size).toBeGreaterThan(1);

    expect(await seedDemoFanActivity(t.app.ctx)).toEqual({ skipped: 'the demo fan has a subscription already' });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.memberId, fan!.id))).toHaveLength(1);
  });
});
