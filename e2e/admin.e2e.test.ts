import fs from 'node:fs';
import type {
  ArtistEarnings,
  FeaturedArtists,
  HeroArtist,
  MemberHomeLists,
  PayoutRun,
  PublicArtist,
  PublicSong,
  SearchResult,
} from '@hfm/shared';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { TEST_PASSWORD } from '@hfm/test-support/sign-up';
import { writeWav } from '@hfm/test-support/wav';

const ADMIN = 'admin@hfm.local';
const FAN = 'fan@hfm.local';
const NEW_ARTIST = 'Velvet Harbor';
const SCORES = [7, 8, 6, 7, 7, 8, 6, 5, 9];
/** A small PNG (64x64, one colour): the audition's photo. */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsItjJhMbywi+hcEKLFP9WgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgs6CKEtxmKJKgAAAABJRU5ErkJggg==';

/**
 * The admin's side in a real browser: an admin scores and approves a pending artist, features it and swaps
 * another featured artist, makes it the hero, builds a playlist by dragging its songs, and generates HFM Picks.
 * Then a fan finds the approved artist on member home and in search and subscribes, and the artist sees the
 * earning in the studio. A second test opens every admin screen at 390 px and checks that none is wider than
 * the phone.
 */
describe('an admin reviews, features and curates; the approved artist is found and earns', () => {
  let server: RunningServer;
  let browser: Browser;
  let artistEmail: string;
  let artistId: string;
  let songTitle: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    ({ artistEmail, artistId, songTitle } = await signUpPendingArtist(context.request));
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function json<T>(request: APIRequestContext, url: string): Promise<T> {
    const response = await request.get(url);
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, status = 200) {
    expect(response.status(), await response.text()).toBe(status);
    return response.json() as Promise<unknown>;
  }

  /** A new artist through the API as the sign-up form sends it: confirmed, with a bio, a photo and a ready song. */
  async function signUpPendingArtist(request: APIRequestContext) {
    const email = `velvet-${Date.now()}@example.com`;
    const genres = await json<{ id: string; label: string }[]>(request, '/api/genres');
    const user = {
      firstName: 'Vera',
      lastName: 'Harbor',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      dob: '04/12/1990',
      gender: 'FEMALE',
    };
    await ok(
      await request.post('/api/artists/create', {
        data: { artist: { name: NEW_ARTIST, genre: genres[0]!.id, hfmPicksOptIn: true }, user },
      }),
      201,
    );
    await ok(await request.post('/api/auth/confirm-user', { data: { email, code: await server.mailedCode(email) } }));
    await ok(await request.post('/api/auth', { data: { userName: email, password: TEST_PASSWORD } }));
    const profile = await json<{ artist: PublicArtist }>(request, '/api/users/session/profile');
    const id = profile.artist.id;
    await ok(await request.patch(`/api/artists/${id}`, { data: { bio: '<p>Harbour lights and slow tides.</p>' } }));
    await ok(await request.post(`/api/artist-photo/upload/${id}`, { data: { imgData: PHOTO } }));
    const song = (await ok(
      await request.post('/api/songs', { data: { title: 'Tidewater', releaseDate: '01/02/2025' } }),
      201,
    )) as PublicSong;
    await ok(
      await request.post(`/api/songs/upload/${song.id}`, {
        multipart: {
          file: { name: 'tidewater.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(writeWav('tidewater.wav', 8)) },
        },
      }),
    );
    // Transcoding is a job: wait for it as the studio does (a hang guard, not a speed expectation).
    for (let tries = 0; ; tries += 1) {
      const state = await json<PublicSong>(request, `/api/songs/${song.id}`);
      if (state.status === 'ready') break;
      expect(state.status, 'the song transcodes').not.toBe('failed');
      expect(tries, 'the song became ready').toBeLessThan(600);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await ok(await request.post('/api/auth/logout'));
    return { artistEmail: email, artistId: id, songTitle: song.title };
  }

  /** Mail goes out from a job: waits for one to this address that says `words` (a hang guard of two minutes). */
  async function waitForMail(to: string, words: string) {
    const deadline = Date.now() + 120_000;
    const sent = () =>
      server.mails().some((mail) => mail.toLowerCase().includes(`to: ${to.toLowerCase()}`) && mail.includes(words));
    while (!sent()) {
      expect(Date.now(), `a mail to ${to} saying "${words}"`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function signedIn(email: string, viewport: typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
    const password = email === artistEmail ? TEST_PASSWORD : await server.demoPassword(email);
    await ok(await context.request.post('/api/auth', { data: { userName: email, password } }));
    return { context, page: await context.newPage() };
  }

  /** dnd-kit's pointer sensor: press on the handle, move in steps past its threshold, release over the target. */
  async function drag(page: Page, handle: Locator, target: Locator) {
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
  }

  it('at 1280 px: score and approve, feature and swap, build a playlist by drag, generate HFM Picks; found and paid', async () => {
    const { context, page } = await signedIn(ADMIN, DESKTOP);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The submissions list shows the pending artist; its review plays the audition in the shared player.
    await page.goto('/admin/#/submissions');
    await page.getByRole('link', { name: NEW_ARTIST }).click();
    await page.getByRole('heading', { level: 1, name: NEW_ARTIST }).waitFor();
    await page.getByText('Harbour lights and slow tides.').waitFor();
    await page.getByRole('button', { name: `Play ${songTitle}` }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && audio.currentTime > 0.2;
    });

    // Scores 1 to 9 in the nine categories, the total as they add up; then Approve.
    const categories = await page.locator('.score-matrix__row legend').allTextContents();
    expect(categories).toHaveLength(9);
    for (const [index, fieldset] of (await page.locator('.score-matrix__row').all()).entries()) {
      await fieldset.getByRole('radio', { name: new RegExp(`: ${SCORES[index]}$`) }).check();
    }
    const total = SCORES.reduce((sum, score) => sum + score, 0);
    await page.locator('.score-matrix__total').getByText(String(total)).waitFor();
    await screenshot(page, 'admin-review-scored-1280');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText(`${NEW_ARTIST} is approved.`).waitFor();
    await page.waitForURL('**/admin/#/submissions');
    await page.getByRole('link', { name: NEW_ARTIST }).waitFor({ state: 'detached' });
    const approved = await json<PublicArtist>(context.request, `/api/artists/${artistId}`);
    expect(approved).toMatchObject({ status: 'ACTIVE', tier: 'Tier 1', totalScore: total });
    expect(approved.searchStatus.isSearchable).toBe(true);
    await waitForMail(artistEmail, 'approved');

    // Featured: add the new artist (last), swap the first featured artist for another, make the new one the hero.
    await page.goto('/admin/#/featured');
    const order = page.getByRole('list', { name: 'Featured order' });
    const before = (await json<FeaturedArtists>(context.request, '/api/artists/featured')).items;
    await page.getByLabel('Find an ACTIVE artist', { exact: true }).fill('Velvet');
    await page.getByRole('button', { name: 'Search' }).first().click();
    await page.getByRole('button', { name: `Feature ${NEW_ARTIST}` }).click();
    await order.getByText(NEW_ARTIST).waitFor();
    const swappedOut = before[0]!;
    const candidates = (
      await json<{ items: PublicArtist[] }>(context.request, '/api/artists?status=ACTIVE&limit=100&sort=name&order=asc')
    ).items.filter((artist) => artist.featuredPosition < 0 && artist.id !== artistId);
    const swappedIn = candidates[0]!;
    await page.getByRole('button', { name: `Swap ${swappedOut.name}` }).click();
    const swap = page.getByRole('dialog', { name: `Swap ${swappedOut.name}` });
    await swap.getByLabel('Find an ACTIVE artist to swap in').fill(swappedIn.name);
    await swap.getByRole('button', { name: 'Search' }).click();
    await swap.getByRole('button', { name: `Swap in ${swappedIn.name}` }).click();
    await swap.waitFor({ state: 'detached' });
    await order.getByText(swappedIn.name).waitFor();
    await page.getByRole('button', { name: `Make hero: ${NEW_ARTIST}` }).click();
    await page.waitForFunction(
      (name) => document.querySelector('[aria-label="Featured order"] li')?.textContent?.includes(name) ?? false,
      NEW_ARTIST,
    );
    await screenshot(page, 'admin-featured-1280');
    const featured = (await json<FeaturedArtists>(context.request, '/api/artists/featured')).items;
    expect(featured.map((artist) => artist.featuredPosition)).toEqual(featured.map((_, index) => index));
    expect(featured[0]!.id).toBe(artistId);
    expect(featured.map((artist) => artist.id)).not.toContain(swappedOut.id);
    expect(featured.find((artist) => artist.id === swappedIn.id)!.featuredPosition).toBe(1);

    // A playlist of three songs, the last dragged to the top.
    const titles = await threeSongTitles(context.request);
    await page.goto('/admin/#/playlists');
    await page.getByRole('button', { name: 'New playlist' }).click();
    const modal = page.getByRole('dialog', { name: /playlist/i });
    await modal.getByLabel('Title').fill('Harbour Nights');
    for (const title of titles) {
      await modal.getByLabel('Search songs').fill(title);
      await modal
        .getByRole('button', { name: `Add ${title}`, exact: true })
        .first()
        .click();
    }
    const chosen = modal.getByRole('list', { name: 'Playlist song order' });
    await chosen.getByText(titles[2]!).waitFor();
    await drag(
      page,
      chosen.getByRole('button', { name: `Move ${titles[2]}`, exact: true }),
      chosen.getByRole('listitem').first(),
    );
    await page.waitForFunction(
      (first) => document.querySelector('[aria-label="Playlist song order"] li')?.textContent?.includes(first) ?? false,
      titles[2]!,
    );
    await screenshot(page, 'admin-playlist-modal-1280');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Playlist saved!').waitFor();
    const playlists = await json<{ items: { title: string; id: string }[] }>(
      context.request,
      '/api/playlists?limit=50',
    );
    const made = playlists.items.find((playlist) => playlist.title === 'Harbour Nights')!;
    const editing = await json<{ tracks: { title: string }[] }>(context.request, `/api/playlists/${made.id}/edit`);
    expect(editing.tracks.map((track) => track.title)).toEqual([titles[2], titles[0], titles[1]]);

    // HFM Picks: the month's three curated playlists.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Generate HFM Picks' }).click();
    await page.getByText('HFM Picks generated!').waitFor();
    await screenshot(page, 'admin-playlists-1280');
    expect(errors).toEqual([]);
    await context.close();

    // The fan finds the approved artist as member home's hero and in search, and subscribes.
    const fan = await signedIn(FAN, DESKTOP);
    const lists = await json<MemberHomeLists>(fan.context.request, '/api/playlists/agg/member-home-lists');
    expect(lists.hfmPicks.map((playlist) => playlist.title).slice(0, 3)).toEqual([
      'Summer Driving',
      'Night Driving',
      'Fall Driving',
    ]);
    expect(lists.newReleases.map((artist) => artist.name)).toContain(NEW_ARTIST);
    const hero = await json<HeroArtist>(fan.context.request, '/api/bff/members/hero-artist');
    expect(hero.name).toBe(NEW_ARTIST);
    await fan.page.goto('/members/');
    await fan.page.getByRole('region', { name: 'Featured artist' }).getByText(NEW_ARTIST).first().waitFor();
    await fan.page.goto(`/members/search?s=${encodeURIComponent('Velvet Harb')}`);
    await fan.page
      .getByRole('link', { name: new RegExp(NEW_ARTIST) })
      .first()
      .click();
    await fan.page.getByRole('heading', { level: 1, name: NEW_ARTIST }).waitFor();
    await fan.page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = fan.page.getByRole('dialog', { name: `Subscribe to ${NEW_ARTIST}` });
    const saved = dialog.getByRole('radio', { name: /ending in/ });
    // The saved cards load with the dialog: wait for them or the new-card form before choosing.
    await saved.or(dialog.getByLabel('Card number')).first().waitFor();
    if ((await saved.count()) === 0) {
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByLabel('Expiry (MM/YY)').fill('12/30');
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByLabel('Name on card').fill('Dana Fan');
      await dialog.getByLabel('ZIP code').fill('10001');
    }
    await dialog.getByRole('button', { name: 'Subscribe for $9.99/year' }).click();
    await fan.page.getByRole('dialog', { name: `You subscribe to ${NEW_ARTIST}` }).waitFor();
    await fan.context.close();

    // The artist sees the subscriber and the $5.00 earned in the studio's Earnings tab.
    const artist = await signedIn(artistEmail, DESKTOP);
    await artist.page.goto('/artist/#earnings');
    const stats = artist.page.locator('.earnings__stats');
    await stats.getByText('Subscribers now').waitFor();
    expect(await stats.locator('div', { hasText: 'Subscribers now' }).locator('dd').textContent()).toBe('1');
    expect(await stats.locator('div', { hasText: 'Earned this month' }).locator('dd').textContent()).toBe('$5.00');
    await stats.locator('div', { hasText: 'Next payout' }).getByText('$5.00').waitFor();
    const earnings = await json<ArtistEarnings>(artist.context.request, `/api/artists/${artistId}/earnings`);
    expect(earnings).toMatchObject({ subscribersNow: 1, earnedThisMonthCents: 500, owedCents: 500 });
    await screenshot(artist.page, 'studio-earnings-1280');
    await artist.context.close();
  });

  /** Three released songs of the demo catalogue, found by their titles (unique ones only). */
  async function threeSongTitles(request: APIRequestContext): Promise<string[]> {
    const found = await json<SearchResult[]>(request, '/api/search?s=the');
    const titles = [...new Set(found.flatMap((result) => (result.type === 'song' ? [result.title] : [])))];
    const unique: string[] = [];
    for (const title of titles) {
      const same = await json<SearchResult[]>(request, `/api/search?s=${encodeURIComponent(title)}`);
      if (same.filter((result) => result.type === 'song' && result.title === title).length === 1) unique.push(title);
      if (unique.length === 3) return unique;
    }
    throw new Error('the demo catalogue has three songs with unique titles');
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px removing a featured artist asks first (the hero says so); a genre with artists moves them, then goes`, async () => {
      const { context, page } = await signedIn(ADMIN, viewport);
      const featuredIds = async () =>
        (await json<FeaturedArtists>(context.request, '/api/artists/featured')).items.map((artist) => artist.id);
      const before = await featuredIds();
      expect(before.length, 'the demo features at least two artists').toBeGreaterThan(1);
      const [hero, last] = [
        await json<PublicArtist>(context.request, `/api/artists/${before[0]}`),
        await json<PublicArtist>(context.request, `/api/artists/${before.at(-1)}`),
      ];
      await page.goto('/admin/#/featured');
      await page.getByRole('button', { name: `Remove ${hero.name} from featured` }).click();
      const heroQuestion = page.getByRole('alertdialog', {
        name: `Remove ${hero.name}, the hero artist, from featured? The next artist becomes the hero.`,
      });
      await heroQuestion.waitFor();
      await screenshot(page, `admin-featured-remove-hero-${label}`);
      await heroQuestion.getByRole('button', { name: 'Cancel' }).click();
      await heroQuestion.waitFor({ state: 'detached' });
      expect(await featuredIds()).toEqual(before);
      await page.getByRole('button', { name: `Remove ${last.name} from featured` }).click();
      await page
        .getByRole('alertdialog', { name: `Remove ${last.name} from featured?` })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await page.getByText(`${last.name} is no longer featured.`).waitFor();
      expect(await featuredIds()).toEqual(before.slice(0, -1));

      // A genre with an artist: the delete offers to move its artists, and the server does both at once.
      const leaving = `Leaving ${label} ${Date.now().toString(36)}`;
      const staying = `Staying ${label} ${Date.now().toString(36)}`;
      const made = async (name: string) =>
        (await ok(await context.request.post('/api/genres/create', { data: { label: name } }), 201)) as { id: string };
      const [from, to] = [await made(leaving), await made(staying)];
      await ok(await context.request.patch(`/api/artists/${last.id}`, { data: { genre: from.id } }));
      await page.goto('/admin/#/genres');
      const card = page.getByRole('listitem').filter({ hasText: leaving });
      await card.getByRole('button', { name: `Delete ${leaving}` }).click();
      await card.getByRole('button', { name: 'Confirm' }).click();
      const move = card.getByRole('group', { name: `Move the artists of ${leaving}` });
      await move.getByText(`1 artist is filed under ${leaving}.`).waitFor();
      await move.getByRole('combobox', { name: 'Move them to' }).selectOption({ label: staying });
      await screenshot(page, `admin-genre-move-artists-${label}`);
      await move.getByRole('button', { name: 'Move artists and delete' }).click();
      await page.getByText(`1 artist moved to ${staying}.`, { exact: false }).waitFor();
      expect((await json<PublicArtist>(context.request, `/api/artists/${last.id}`)).genre?.id).toBe(to.id);
      const genres = await json<{ id: string }[]>(context.request, '/api/genres');
      expect(genres.map((genre) => genre.id)).not.toContain(from.id);
      await context.close();
    });
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px Generate HFM Picks again in the month says they exist and offers Regenerate; each month's Picks carry the month`, async () => {
      const { context, page } = await signedIn(ADMIN, viewport);
      // This month's Picks exist (the first test made them; made here when it did not run).
      await ok(await context.request.post('/api/playlists/hfm-picks'));
      const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(),
      );
      const before = (
        await json<{ items: { id: string; picksMonth: string | null }[] }>(
          context.request,
          '/api/playlists?page=1&limit=50',
        )
      ).items.filter((playlist) => playlist.picksMonth === new Date().toISOString().slice(0, 7));
      expect(before).toHaveLength(3);
      await page.goto('/admin/#/playlists');
      await page
        .getByRole('list', { name: 'Flags of Summer Driving' })
        .getByText(`HFM Picks · ${month} · #1`)
        .waitFor();
      await page.getByRole('button', { name: 'Generate HFM Picks' }).click();
      const dialog = page.getByRole('dialog', { name: 'This month’s HFM Picks already exist' });
      await dialog.getByText(`HFM Picks · ${month} were made already`).waitFor();
      expect(await page.getByText('HFM Picks generated!').count()).toBe(0);
      await screenshot(page, `admin-picks-exist-${label}`);
      await dialog.getByRole('button', { name: 'Regenerate' }).click();
      await page.getByText(`HFM Picks · ${month} regenerated.`).waitFor();
      const after = (
        await json<{ items: { id: string; picksMonth: string | null }[] }>(
          context.request,
          '/api/playlists?page=1&limit=50',
        )
      ).items.filter((playlist) => playlist.picksMonth === new Date().toISOString().slice(0, 7));
      expect(after).toHaveLength(3);
      expect(after.map((playlist) => playlist.id)).not.toContain(before[0]!.id);
      await screenshot(page, `admin-picks-regenerated-${label}`);
      await context.close();
    });
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px Escape in the playlist modal asks before dropping a typed name; Keep editing keeps it`, async () => {
      const { context, page } = await signedIn(ADMIN, viewport);
      await page.goto('/admin/#/playlists');
      await page.getByRole('button', { name: 'New playlist' }).click();
      const modal = page.getByRole('dialog', { name: 'Edit Playlist' });
      const title = modal.getByLabel('Title');
      await title.fill(`Not yet saved ${label}`);
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
      await ask.waitFor();
      await screenshot(page, `admin-playlist-discard-${label}`);
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await title.inputValue()).toBe(`Not yet saved ${label}`);
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Discard changes' }).click();
      await modal.waitFor({ state: 'detached' });
      const playlists = await json<{ items: { title: string }[] }>(context.request, '/api/playlists?page=1&limit=50');
      expect(playlists.items.map((playlist) => playlist.title)).not.toContain(`Not yet saved ${label}`);
      await context.close();
    });
  }

  it("at 1280 px: an admin runs a month's payouts; the screen follows the run (a job) until it finishes", async () => {
    const { context, page } = await signedIn(ADMIN, DESKTOP);
    await page.goto('/admin/#/payouts');
    await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Run payouts' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run payouts' }).click();
    // Answered at once, queued; the screen asks for the runs while it goes, and shows what it did once it ended.
    const progress = page.getByRole('region', { name: /^Run of / });
    await progress.waitFor();
    await progress.getByText(/^Finished .*: paid \d+ artists?/).waitFor({ timeout: 120_000 });
    const runs = await json<PayoutRun[]>(context.request, '/api/admin/payout-runs');
    expect(runs[0]).toMatchObject({ trigger: 'admin', dryRun: false, state: 'finished', error: null });
    const recent = page.getByRole('region', { name: 'Recent runs' });
    await recent.getByRole('row').nth(1).getByText('Admin').waitFor();
    expect(await page.getByRole('button', { name: 'Run payouts' }).isEnabled()).toBe(true);
    await screenshot(page, 'admin-payouts-run-1280');
    await context.close();
  });

  it('at 390 px: every admin screen fits the phone', async () => {
    const { context, page } = await signedIn(ADMIN, MOBILE);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const sections = [
      'submissions',
      'artists',
      `artists/${artistId}`,
      'featured',
      'users',
      'genres',
      'labels',
      'playlists',
      'documents',
      'payouts',
      'revenue',
    ];
    for (const section of sections) {
      await page.goto(`/admin/#/${section}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `#/${section} is wider than the phone`).toBeLessThanOrEqual(0);
      await screenshot(page, `admin-${section.replace('/', '-')}-390`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
