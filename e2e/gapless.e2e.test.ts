import fs from 'node:fs';
import path from 'node:path';
import type { ArtistPage } from '@hfm/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, signInThroughApi } from '@hfm/test-support/api';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from '@hfm/test-support/browser';
import { startServer, type RunningServer } from '@hfm/test-support/server';
import { writeWav } from '@hfm/test-support/wav';

const ARTIST = 'artist@hfm.local';
/** The demo fan subscribes to the demo artist (seed/demo-fan.ts): full songs, DASH through shaka-player. */
const FAN = 'fan@hfm.local';
const ARTIST_SLUG = 'the-demo-tapes';
const ALBUM = 'One Long Tone';
const LOOKED_AT = '/tmp/gapless';
/** Each song's length; 441 Hz repeats every 100 samples at 44.1 kHz, so each file holds whole periods. */
const SONG_SECONDS = 6;
const TONE_HZ = 441;
/** The bar: the second song starts within this much of the first one's end. */
const MAX_GAP_MS = 50;

/** What the page records: each media element's clock sampled against performance.now(), and the hand-over. */
interface Recording {
  samples: { element: number; now: number; time: number; playing: boolean }[];
  /** The first song's 'ended': when, its position then, and where the other element stood (its start). */
  ended: { element: number; now: number; time: number; standbyTime: number } | null;
  playing: { element: number; now: number }[];
}

declare global {
  interface Window {
    gapless?: Recording;
  }
}

/**
 * Gapless playback (decision 0055): two songs of an album, one 441 Hz tone cut in two at a sample boundary,
 * play one into the other for a subscribed fan, at 1280 and 390 px. The gap is measured on the media
 * elements' own clocks: each element's currentTime, sampled against performance.now(), says when its media
 * started and ended, however late the page's timers ran on a busy machine.
 */
describe('gapless playback within an album', () => {
  let server: RunningServer;
  let browser: Browser;
  let songIds: string[];
  let albumId: string;

  beforeAll(async () => {
    fs.mkdirSync(LOOKED_AT, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    await signInThroughApi(context, server, ARTIST);
    songIds = [];
    for (const title of ['Tone, Part One', 'Tone, Part Two']) songIds.push(await uploadSong(context, title));
    await Promise.all(songIds.map((id) => untilReady(context, id)));
    const album = await context.request.post('/api/albums/create', { data: { name: ALBUM, songs: songIds } });
    expect(album.status(), await album.text()).toBe(201);
    albumId = ((await album.json()) as { id: string }).id;
    await context.close();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function uploadSong(context: BrowserContext, title: string): Promise<string> {
    const created = await context.request.post('/api/songs', { data: { title, releaseDate: '05/01/2025' } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const wav = fs.readFileSync(writeWav(`${title}.wav`, SONG_SECONDS, TONE_HZ));
    const uploaded = await context.request.post(`/api/songs/upload/${id}`, {
      multipart: { file: { name: `${title}.wav`, mimeType: 'audio/wav', buffer: wav } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    return id;
  }

  async function untilReady(context: BrowserContext, id: string) {
    await expect
      .poll(async () => ((await getJson<{ status: string }>(context, `/api/songs/${id}`)) as { status: string }).status, {
        timeout: 240_000,
        interval: 500,
      })
      .toBe('ready');
  }

  /** Installed before the app: samples both audio elements' clocks and stamps the hand-over's events. */
  function record() {
    const recording: Recording = { samples: [], ended: null, playing: [] };
    window.gapless = recording;
    const elements = () => [...document.querySelectorAll('audio')];
    const numberOf = (element: EventTarget | null) => elements().indexOf(element as HTMLAudioElement);
    const sample = () => {
      const now = performance.now();
      for (const [element, audio] of elements().entries())
        recording.samples.push({ element, now, time: audio.currentTime, playing: !audio.paused && !audio.ended });
    };
    setInterval(sample, 5);
    // Capturing on the document runs before the player's own listeners on the element (which start the next).
    document.addEventListener(
      'ended',
      (event) => {
        const audio = event.target as HTMLAudioElement;
        const standby = elements().find((element) => element !== audio);
        if (recording.ended) return;
        recording.ended = {
          element: numberOf(audio),
          now: performance.now(),
          time: audio.currentTime,
          standbyTime: standby?.currentTime ?? Number.NaN,
        };
      },
      true,
    );
    document.addEventListener(
      'playing',
      (event) => recording.playing.push({ element: numberOf(event.target), now: performance.now() }),
      true,
    );
  }

  /**
   * The gap on the media clocks: the first element's end is its last sample while playing plus the media
   * time it still had to play; the second's start is a steady sample less the media time it had played.
   */
  function measureGap({ samples, ended }: Recording) {
    if (!ended) throw new Error('The first song never ended.');
    const first = samples.filter((s) => s.element === ended.element && s.playing && s.now <= ended.now).at(-1)!;
    const endAt = first.now + (ended.time - first.time) * 1000;
    const second = samples.filter((s) => s.element !== ended.element && s.playing && s.now >= ended.now);
    // A sample a little into the song: the clock is running steadily by then.
    const steady = second.find((s) => s.time - ended.standbyTime > 0.25)!;
    const startAt = steady.now - (steady.time - ended.standbyTime) * 1000;
    return { gapMs: startAt - endAt, endAt, startAt, standbyTime: ended.standbyTime };
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px: the album's second song starts within ${MAX_GAP_MS} ms of the first one's end`, async () => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl });
      await signInThroughApi(context, server, FAN);
      const page = await context.newPage();
      await page.addInitScript(record);
      const artist = await getJson<ArtistPage>(context, `/api/artist-pages/${ARTIST_SLUG}`);
      expect(artist.artist.slug).toBe(ARTIST_SLUG);
      await page.goto(`/a/${ARTIST_SLUG}/albums/${albumId}`);
      await page.getByRole('heading', { name: ALBUM }).first().waitFor();
      await page.getByRole('button', { name: `Play ${ALBUM}` }).click();
      const bar = page.getByRole('region', { name: 'Player' });
      await bar.getByText('Tone, Part One', { exact: true }).waitFor();
      // The second song is loaded ahead in the standby element before the first ends.
      await page.waitForFunction(() => {
        const standby = document.querySelector<HTMLAudioElement>('[data-testid="player-standby-audio"]');
        return standby !== null && standby.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
      });
      await shot(page, `gapless-first-${label}`);
      await bar.getByText('Tone, Part Two', { exact: true }).waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > 1,
      );
      await shot(page, `gapless-second-${label}`);

      const recording = (await page.evaluate(() => window.gapless))!;
      const gap = measureGap(recording);
      console.info(`gapless at ${label} px:`, JSON.stringify(gap));
      expect(gap.standbyTime, 'the second song starts from its start').toBeLessThan(0.05);
      expect(gap.gapMs).toBeLessThan(MAX_GAP_MS);
      // Nor do the two overlap.
      expect(gap.gapMs).toBeGreaterThan(-MAX_GAP_MS);
      await context.close();
    });
  }

  async function shot(page: Page, name: string) {
    await screenshot(page, name);
    await page.screenshot({ path: path.join(LOOKED_AT, `${name}.png`) });
  }
});
