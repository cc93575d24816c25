import { SEARCH_LIMIT_PER_TYPE, SEARCH_MAX_LENGTH, searchResults, type SearchResult } from '@hfm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createSong, createUser, signIn, type TestArtist } from '../../test/factories.js';
import { injectAs } from '../../test/route-cast.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertPhoto } from '../artists/artists.repository.js';
import { escapeLike } from './search.repository.js';

let t: TestApp;
/** ACTIVE and searchable: what search finds. */
let findable: TestArtist;
beforeAll(async () => {
  t = await createTestApp();
  findable = await findableArtist('The Searchable Band');
});
afterAll(async () => t.close());

function findableArtist(name: string): Promise<TestArtist> {
  return createArtist(t.app, { artist: { name, status: 'ACTIVE', isSearchable: true } });
}

/** A released song: ready and active, of the given (by default findable) artist. */
function releasedSong(title: string, artist: TestArtist = findable) {
  return createSong(t.app, artist.artistId, { title, status: 'ready', duration: 181.5 });
}

function search(s: string | undefined, cookie?: string) {
  const url = s === undefined ? '/api/search' : `/api/search?s=${encodeURIComponent(s)}`;
  return injectAs(t, cookie, { method: 'GET', url });
}

async function results(s: string): Promise<SearchResult[]> {
  const res = await search(s);
  expect(res.statusCode, res.body).toBe(200);
  return searchResults.parse(res.json());
}

const textOf = (result: SearchResult) => (result.type === 'song' ? result.title : result.name);
const textsOf = (all: SearchResult[], type: SearchResult['type']) =>
  all.filter((result) => result.type === type).map(textOf);

describe('GET /api/search: bad input', () => {
  it(`answers 400 with the shared error shape for a term longer than ${SEARCH_MAX_LENGTH} characters`, async () => {
    const res = await search('a'.repeat(SEARCH_MAX_LENGTH + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION',
        message: `Search for at most ${SEARCH_MAX_LENGTH} characters.`,
        fields: { s: `Search for at most ${SEARCH_MAX_LENGTH} characters.` },
      },
    });
    expect((await search('a'.repeat(SEARCH_MAX_LENGTH))).statusCode).toBe(200);
  });

  it('answers 400 (never 500) for a repeated parameter and for a NUL character', async () => {
    const twice = await t.app.inject({ method: 'GET', url: '/api/search?s=abc&s=def' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe('VALIDATION');
    const nul = await search('ab\u0000cd');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe('Text may not contain NUL characters.');
  });
});

describe('GET /api/search', () => {
  it('answers an empty list for no term and for fewer than 3 characters after trimming', async () => {
    await findableArtist('Ox');
    await releasedSong('Ox');
    for (const term of [undefined, '', 'o', 'ox', '  ox  ', 'OX ', '\t\nox']) {
      const res = await search(term);
      expect(res.statusCode, String(term)).toBe(200);
      expect(res.json(), String(term)).toEqual([]);
    }
  });

  it('is public, the same for everyone, and not cached without revalidation', async () => {
    await releasedSong('Altocumulus Cloud');
    const anonymous = await search('altocumulus');
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(textsOf(anonymous.json(), 'song')).toEqual(['Altocumulus Cloud']);
    const fan = await createUser(t.app);
    const signedIn = await search('altocumulus', await signIn(t.app, fan));
    expect(signedIn.json()).toEqual(anonymous.json());
  });

  it('finds artists, songs and albums case-insensitively, artists then songs then albums', async () => {
    const artist = await findableArtist('Moonlight Drive');
    await releasedSong('moonlight sonata', artist);
    await createAlbum(t.app, artist.artistId, { name: 'MoonLight Tapes' });
    for (const term of ['moonlight', 'MOONLIGHT', 'mOoNlIgHt', '  Moonlight  ']) {
      const found = await results(term);
      expect(
        found.map((result) => [result.type, textOf(result)]),
        term,
      ).toEqual([
        ['artist', 'Moonlight Drive'],
        ['song', 'moonlight sonata'],
        ['album', 'MoonLight Tapes'],
      ]);
    }
    // Anywhere in the text, not only at the start.
    expect(textsOf(await results('light dr'), 'artist')).toEqual(['Moonlight Drive']);
    expect(textsOf(await results('NATA'), 'song')).toEqual(['moonlight sonata']);
  });

  it('answers each result with its type, _id equal to id, and the artist’s slug', async () => {
    const artist = await findableArtist('Quasar Quartet');
    await insertPhoto(t.app.ctx.db, artist.artistId, 'artists/quasar/photo-1.png');
    await insertPhoto(t.app.ctx.db, artist.artistId, 'artists/quasar/photo-2.png');
    const song = await createSong(t.app, artist.artistId, {
      title: 'Quasar Light',
      status: 'ready',
      duration: 200,
      isFullPreview: true,
    });
    const album = await createAlbum(t.app, artist.artistId, {
      name: 'Quasar Nights',
      artworkKey: 'albums/quasar/cover.png',
      songIds: [song.id],
    });
    const bare = await createAlbum(t.app, artist.artistId, { name: 'Quasar Demos' });
    const slug = artist.artist.slug!;
    expect(slug).toBe('quasar-quartet');
    const found = await results('quasar');
    expect(found).toEqual([
      {
        type: 'artist',
        _id: artist.artistId,
        id: artist.artistId,
        name: 'Quasar Quartet',
        slug,
        photo: '/media/artists/quasar/photo-1.png',
        genre: 'Rock',
      },
      {
        type: 'song',
        _id: song.id,
        id: song.id,
        title: 'Quasar Light',
        artistID: artist.artistId,
        artistName: 'Quasar Quartet',
        artistSlug: slug,
        duration: 200,
        isFullPreview: true,
      },
      {
        type: 'album',
        _id: bare.id,
        id: bare.id,
        name: 'Quasar Demos',
        artistID: artist.artistId,
        artistName: 'Quasar Quartet',
        artistSlug: slug,
        artworkPath: '',
      },
      {
        type: 'album',
        _id: album.id,
        id: album.id,
        name: 'Quasar Nights',
        artistID: artist.artistId,
        artistName: 'Quasar Quartet',
        artistSlug: slug,
        artworkPath: '/media/albums/quasar/cover.png',
      },
    ]);
    const noPhoto = await findableArtist('Quixotic Zebra Unit');
    expect(await results('zebra unit')).toMatchObject([
      { type: 'artist', id: noPhoto.artistId, photo: null, slug: noPhoto.artist.slug },
    ]);
  });

  it('leaves out artists that are not ACTIVE or not searchable, with their songs and albums', async () => {
    const hidden = [
      await createArtist(t.app, { artist: { name: 'Zephyr Pending', status: 'PENDING', isSearchable: true } }),
      await createArtist(t.app, { artist: { name: 'Zephyr Inactive', status: 'INACTIVE', isSearchable: true } }),
      await createArtist(t.app, { artist: { name: 'Zephyr Cancelled', status: 'CANCELLED', isSearchable: true } }),
      await createArtist(t.app, { artist: { name: 'Zephyr Unlisted', status: 'ACTIVE', isSearchable: false } }),
    ];
    for (const artist of hidden) {
      await releasedSong(`Zephyr Song of ${artist.artist.name}`, artist);
      await createAlbum(t.app, artist.artistId, { name: `Zephyr Album of ${artist.artist.name}` });
    }
    const shown = await findableArtist('Zephyr Shown');
    await releasedSong('Zephyr Song of Zephyr Shown', shown);
    await createAlbum(t.app, shown.artistId, { name: 'Zephyr Album of Zephyr Shown' });
    expect((await results('zephyr')).map(textOf)).toEqual([
      'Zephyr Shown',
      'Zephyr Song of Zephyr Shown',
      'Zephyr Album of Zephyr Shown',
    ]);
  });

  it('leaves out songs that are not released (not ready, or taken down); albums show regardless', async () => {
    const artist = await findableArtist('Nimbus Keepers');
    await createSong(t.app, artist.artistId, { title: 'Nimbus Pending' });
    await createSong(t.app, artist.artistId, { title: 'Nimbus Uploading', status: 'uploading' });
    await createSong(t.app, artist.artistId, { title: 'Nimbus Failed', status: 'failed' });
    await createSong(t.app, artist.artistId, { title: 'Nimbus Inactive', status: 'ready', active: false });
    await releasedSong('Nimbus Ready', artist);
    await createAlbum(t.app, artist.artistId, { name: 'Nimbus Empty Album' });
    const found = await results('nimbus');
    expect(textsOf(found, 'song')).toEqual(['Nimbus Ready']);
    expect(textsOf(found, 'album')).toEqual(['Nimbus Empty Album']);
  });

  it('ranks the exact match first, then prefixes, then the text containing the term by similarity', async () => {
    const artist = await findableArtist('Rank Holders');
    for (const title of ['Reechoing Halls', 'Distant Echo Valley Road', 'An Echo', 'Echoes', 'ECHO']) {
      await releasedSong(title, artist);
    }
    await findableArtist('Echolalia');
    await findableArtist('The Echo');
    await findableArtist('echo');
    await createAlbum(t.app, artist.artistId, { name: 'Songs That Echo' });
    await createAlbum(t.app, artist.artistId, { name: 'Echo Chamber' });
    const found = await results('Echo');
    expect(textsOf(found, 'song')).toEqual([
      'ECHO',
      'Echoes',
      'An Echo',
      'Distant Echo Valley Road',
      'Reechoing Halls',
    ]);
    expect(textsOf(found, 'artist')).toEqual(['echo', 'Echolalia', 'The Echo']);
    expect(textsOf(found, 'album')).toEqual(['Echo Chamber', 'Songs That Echo']);
  });

  it('ranks a prefix match first even when a full page of other matches is nearer by similarity', async () => {
    const artist = await findableArtist('Nearness Makers');
    // Short titles share most of their trigrams with the term; the long one starts with it but is far. More
    // than the nearest rows the first walk reads, so only the walk of rows starting with the term finds it.
    for (let n = 0; n < 2 * SEARCH_LIMIT_PER_TYPE + 2; n += 1) await releasedSong(`A Zephyrine ${n}`, artist);
    const far = 'Zephyrine and the very long road through the mountains of the north, at night';
    await releasedSong(far, artist);
    const songs = textsOf(await results('zephyrine'), 'song');
    expect(songs).toHaveLength(SEARCH_LIMIT_PER_TYPE);
    expect(songs[0]).toBe(far);
  });

  it('prefers the shorter text among equally good matches', async () => {
    const artist = await findableArtist('Length Testers');
    // Both start with the term and share every trigram of it, so only the length tells them apart.
    await releasedSong('Kaleidoscope Dreams Forever', artist);
    await releasedSong('Kaleidoscope Dreams', artist);
    expect(textsOf(await results('kaleidoscope dreams'), 'song')).toEqual([
      'Kaleidoscope Dreams',
      'Kaleidoscope Dreams Forever',
    ]);
  });

  it(`answers at most ${SEARCH_LIMIT_PER_TYPE} of each type, the best ones`, async () => {
    const artist = await findableArtist('Plenty Makers');
    for (let n = 0; n < SEARCH_LIMIT_PER_TYPE + 3; n += 1) {
      await releasedSong(`Plentiful Track ${String(n).padStart(2, '0')}`, artist);
      await createAlbum(t.app, artist.artistId, { name: `Plentiful Album ${String(n).padStart(2, '0')}` });
    }
    await releasedSong('Plentiful', artist);
    const found = await results('plentiful');
    const songs = textsOf(found, 'song');
    expect(songs).toHaveLength(SEARCH_LIMIT_PER_TYPE);
    expect(songs[0]).toBe('Plentiful');
    expect(textsOf(found, 'album')).toHaveLength(SEARCH_LIMIT_PER_TYPE);
  });

  it('matches %, _ and \\ literally (never as patterns), and never fails on odd characters', async () => {
    const artist = await findableArtist('Literal Minds');
    for (const title of ['100% Pure', '100 Pure Gold', 'snake_case', 'snakeXcase', 'back\\slash', 'backslash']) {
      await releasedSong(title, artist);
    }
    expect(textsOf(await results('100%'), 'song')).toEqual(['100% Pure']);
    expect(textsOf(await results('e_c'), 'song')).toEqual(['snake_case']);
    expect(textsOf(await results('k\\s'), 'song')).toEqual(['back\\slash']);
    for (const term of ['%%%', '___', '\\\\\\', '%_\\', "'; drop table songs; --", '"\'`', '(.*)', '[a-z]', '$1$2']) {
      const res = await search(term);
      expect(res.statusCode, term).toBe(200);
      expect(res.json(), term).toEqual([]);
    }
  });

  it('finds Unicode text, case-insensitively beyond ASCII', async () => {
    const artist = await findableArtist('Sigur Rós Tribute');
    await releasedSong('東京ナイト', artist);
    await releasedSong('Fire 🔥 Dance', artist);
    await releasedSong('ÉCLAIR DE LUNE', artist);
    expect(textsOf(await results('RÓS'), 'artist')).toEqual(['Sigur Rós Tribute']);
    expect(textsOf(await results('東京ナ'), 'song')).toEqual(['東京ナイト']);
    expect(textsOf(await results('🔥 dance'), 'song')).toEqual(['Fire 🔥 Dance']);
    expect(textsOf(await results('éclair'), 'song')).toEqual(['ÉCLAIR DE LUNE']);
    // Two characters, though four UTF-16 code units: too short.
    expect(await results('🔥🔥')).toEqual([]);
  });
});

describe('escapeLike', () => {
  it.each([
    ['plain', 'plain'],
    ['100%', '100\\%'],
    ['a_b', 'a\\_b'],
    ['c\\d', 'c\\\\d'],
    ['%_\\', '\\%\\_\\\\'],
  ])('%s -> %s', (term, escaped) => {
    expect(escapeLike(term)).toBe(escaped);
  });
});
