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
/** Near-silence an element may put out before its song's first sample or after its last one. */
const MAX_QUIET_MS = 5;

/** What the page records: each media element's clock sampled against performance.now(), and the hand-over. */
interface Recording {
  samples: { element: number; now: number; time: number; playing: boolean }[];
  /** Each element's 'pause' and 'ended' (a song at its end may be left to end, or be paused by the hand-over). */
  stops: { element: number; now: number; time: number; duration: number }[];
  playing: { element: number; now: number }[];
  /** Each call of play(): when the page got round to starting an element. */
  playCalls: { element: number; now: number }[];
  /** What each element's Web Audio source put out, sample by sample (the tap below), by element number. */
  heard: Record<number, Heard>;
}

/** One element's output as the audio graph took it: sample counts from the first one it put out. */
interface Heard {
  sampleRate: number;
  /** The first and last samples above the tone's near-silence, counted from the first non-zero one. */
  firstLoud: number;
  lastLoud: number;
  /** The last non-zero sample (the decoder's ringing after the tone, or an encoder's padding played out). */
  lastAny: number;
  /** The first and last loud samples on the audio context's own clock (its frame count). */
  firstLoudFrame: number;
  lastLoudFrame: number;
  /**
   * Silence inside the tone, in samples: a media pipeline starved on a loaded machine feeds the graph
   * silence until it catches up, where the tone itself is never quiet for more than a sample or two.
   */
  stalled: number;
}

/** Above this a sample is the tone (amplitude 0.37): the encoder's priming decodes to below 0.001. */
const LOUD = 0.01;
/** A quiet run longer than this inside the tone is a stall (the tone's own zero crossings last a sample or two). */
const STALL_SAMPLES = 32;
/**
 * An AudioWorklet that listens to one element's MediaElementSource and reports where its tone starts and
 * ends, to the sample. It is loaded from a blob: URL, which the app's policy (`script-src 'self'`) refuses
 * and Playwright's routes do not reach (worklet fetches are not intercepted): this test's context bypasses
 * the policy, which the player's other browser tests keep checking.
 */
const TAP_SCRIPT = `
registerProcessor('gapless-tap', class extends AudioWorkletProcessor {
  constructor() { super(); this.count = -1; this.heard = { sampleRate, stalled: 0 }; }
  process(inputs) {
    const channel = inputs[0][0];
    if (!channel) return true;
    for (let i = 0; i < channel.length; i++) {
      const level = Math.abs(channel[i]);
      if (this.count < 0 && level > 1e-7) this.count = 0;
      if (this.count < 0) continue;
      if (level > 1e-7) this.heard.lastAny = this.count;
      if (level > ${LOUD}) {
        if (this.heard.firstLoud === undefined) {
          this.heard.firstLoud = this.count;
          this.heard.firstLoudFrame = currentFrame + i;
        }
        const quiet = this.count - this.heard.lastLoud - 1;
        if (this.heard.lastLoud !== undefined && quiet > ${STALL_SAMPLES}) this.heard.stalled += quiet;
        this.heard.lastLoud = this.count;
        this.heard.lastLoudFrame = currentFrame + i;
      }
      this.count++;
    }
    if (this.count >= 0) this.port.postMessage(this.heard);
    return true;
  }
});`;

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

  /** The transcode is a job: the song is ready a moment after the upload (expect.poll is for tests, not hooks). */
  async function untilReady(context: BrowserContext, id: string) {
    for (const started = Date.now(); Date.now() - started < 240_000;) {
      const { status } = await getJson<{ status: string }>(context, `/api/songs/${id}`);
      if (status === 'ready') return;
      if (status === 'failed') throw new Error(`The song ${id} failed to transcode.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`The song ${id} was not ready in 4 minutes.`);
  }

  /** Installed before the app: samples both audio elements' clocks and stamps the hand-over's events. */
  function record(tapScript: string) {
    const recording: Recording = { samples: [], stops: [], playing: [], playCalls: [], heard: {} };
    window.gapless = recording;
    const elements = () => [...document.querySelectorAll('audio')];
    const numberOf = (element: EventTarget | null) => elements().indexOf(element as HTMLAudioElement);
    const sample = () => {
      const now = performance.now();
      for (const [element, audio] of elements().entries())
        recording.samples.push({ element, now, time: audio.currentTime, playing: !audio.paused && !audio.ended });
    };
    setInterval(sample, 5);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      recording.playCalls.push({ element: numberOf(this), now: performance.now() });
      return play.call(this);
    };
    // Each element's source (even loudness makes one per element) also feeds a tap that hears its samples.
    const createSource = AudioContext.prototype.createMediaElementSource;
    AudioContext.prototype.createMediaElementSource = function (this: AudioContext, audio: HTMLMediaElement) {
      const source = createSource.call(this, audio);
      const tapUrl = URL.createObjectURL(new Blob([tapScript], { type: 'text/javascript' }));
      void this.audioWorklet.addModule(tapUrl).then(() => {
        const tap = new AudioWorkletNode(this, 'gapless-tap');
        tap.port.onmessage = (message: MessageEvent<Heard>) => (recording.heard[numberOf(audio)] = message.data);
        source.connect(tap).connect(this.destination);
      });
      return source;
    };
    // Media events do not bubble: listeners capturing on the document hear every element's.
    const stopped = (event: Event) => {
      const audio = event.target as HTMLAudioElement;
      const now = performance.now();
      recording.stops.push({ element: numberOf(audio), now, time: audio.currentTime, duration: audio.duration });
    };
    document.addEventListener('pause', stopped, true);
    document.addEventListener('ended', stopped, true);
    document.addEventListener(
      'playing',
      (event) => recording.playing.push({ element: numberOf(event.target), now: performance.now() }),
      true,
    );
  }

  /**
   * The gap on the media clocks: the first element's end is its last sample while playing plus the media
   * time it still played (to where it stopped); the second's start is a steady sample of it less the media
   * time it had played since where it stood. Late timers in the page move a sample's stamp and its media
   * time together, so they do not count; a late start of the second song does.
   */
  function measureGap({ samples, stops, playing, playCalls }: Recording) {
    const stop = stops.find((event) => event.time > event.duration - 0.5);
    if (!stop) throw new Error('The first song never reached its end.');
    const first = samples.filter((s) => s.element === stop.element && s.playing && s.now <= stop.now).at(-1)!;
    const endAt = first.now + (stop.time - first.time) * 1000;
    // The other element stood by, paused, until it was started (before or after the first one's last sample).
    const other = samples.filter((s) => s.element !== stop.element);
    const startIndex = other.findIndex((s) => s.playing);
    const standbyTime = other[startIndex - 1]?.time ?? Number.NaN;
    // A sample a little into the song: the clock is running steadily by then.
    const steady = other.slice(startIndex).find((s) => s.time - standbyTime > 0.25)!;
    const startAt = steady.now - (steady.time - standbyTime) * 1000;
    // For the report: the second's playing event and its clock's first move, after the first's end.
    const playingEvent = playing.find((event) => event.element !== stop.element);
    const moving = other.slice(startIndex).find((s) => s.time > standbyTime);
    const playCall = playCalls.find((call) => call.element === other[0]!.element)!;
    return {
      gapMs: startAt - endAt,
      // When the page called play() on the second element, after the first one's end (negative: before it).
      playCallAfterEndMs: playCall.now - endAt,
      // The gap left once the page got to run: from the end, or from the play() call if that came later.
      gapAfterPlayCallMs: startAt - Math.max(endAt, playCall.now),
      firstStoppedAt: stop.time,
      firstDuration: stop.duration,
      playingEventAfterEndMs: (playingEvent?.now ?? Number.NaN) - endAt,
      firstAdvanceAfterEndMs: (moving?.now ?? Number.NaN) - endAt,
      standbyTime,
      secondElement: other[0]!.element,
    };
  }

  /** Each song's output in milliseconds and seconds, from the tap's sample counts. */
  function heardSongs({ heard }: Recording, secondElement: number) {
    const inTime = ({ sampleRate, firstLoud, lastLoud, lastAny, stalled }: Heard) => ({
      leadingMs: (firstLoud / sampleRate) * 1000,
      // The tone's samples: a stall's silence is the machine's, not a sample of the song played or lost.
      toneSeconds: (lastLoud - firstLoud + 1 - stalled) / sampleRate,
      stalledMs: (stalled / sampleRate) * 1000,
      trailingMs: ((lastAny - lastLoud) / sampleRate) * 1000,
    });
    const [first, second] = [heard[1 - secondElement], heard[secondElement]];
    if (!first || !second) throw new Error('The tap did not hear both elements.');
    // Both elements feed the same AudioContext: its frame count is one clock for both.
    const audioGapMs = ((second.firstLoudFrame - first.lastLoudFrame - 1) / second.sampleRate) * 1000;
    return { first: inTime(first), second: inTime(second), audioGapMs };
  }

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`at ${label} px: the album's second song starts within ${MAX_GAP_MS} ms of the first one's end`, async () => {
      const context = await browser.newContext({ viewport, baseURL: server.baseUrl, bypassCSP: true });
      await signInThroughApi(context, server, FAN);
      const page = await context.newPage();
      await page.addInitScript(record, TAP_SCRIPT);
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
      // The second song stands by in a media source through shaka-player (DASH), not Chromium's native HLS,
      // which plays the encoder's priming (decision 0055).
      const standby = await page.evaluate(() => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-standby-audio"]')!;
        return { end: audio.buffered.end(0), duration: audio.duration, src: audio.currentSrc };
      });
      console.log(`standby at ${label} px:`, JSON.stringify(standby));
      expect(standby.src).toMatch(/^blob:/);
      await shot(page, `gapless-first-${label}`);
      await bar.getByText('Tone, Part Two', { exact: true }).waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > 1,
      );
      await shot(page, `gapless-second-${label}`);
      // The second song to its end, and a moment for the tap's last report.
      await page.waitForFunction(
        () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.ended,
        undefined,
        { timeout: 30_000 },
      );
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));

      const recording = (await page.evaluate(() => window.gapless))!;
      const gap = measureGap(recording);
      console.log(`gapless at ${label} px:`, JSON.stringify(gap));
      expect(gap.standbyTime, 'the second song starts from its start').toBeLessThan(0.05);
      expect(gap.firstStoppedAt, 'the first song is heard to its end').toBeGreaterThan(gap.firstDuration - 0.01);
      // The elements' clocks are sampled by page timers, which a loaded machine holds up (seen: 81 ms): they are
      // reported above; the gap is asserted on what the audio graph took from each element, below.
      // What the audio graph took from each element (decision 0055): the second song starts on its first
      // sample, not after the encoder's 23 ms of priming, and is heard whole, not cut short at its start; the
      // first ends on its last sample, not followed by the last frame's padding.
      const { second, first, audioGapMs } = heardSongs(recording, gap.secondElement);
      console.log(`heard at ${label} px:`, JSON.stringify({ first, second, audioGapMs }));
      // The gap as the audio graph took the samples: between the first song's last one and the second's first.
      // The songs never overlap; they meet within the bar whenever the page called play() on time. A main thread
      // held up (seen: 200 ms at a load of 11 on two cores) calls it late through no choice of the player: that
      // delay is reported above, not asserted.
      expect(audioGapMs, 'the songs do not overlap').toBeGreaterThan(-MAX_GAP_MS);
      if (gap.playCallAfterEndMs < 10) expect(audioGapMs).toBeLessThan(MAX_GAP_MS);
      else expect(audioGapMs - gap.playCallAfterEndMs).toBeLessThan(MAX_GAP_MS);
      expect(second.leadingMs, 'the second song starts on its first sample').toBeLessThan(MAX_QUIET_MS);
      expect(Math.abs(second.toneSeconds - SONG_SECONDS), 'the second song is heard whole').toBeLessThan(0.002);
      expect(second.trailingMs, 'the second song ends on its last sample').toBeLessThan(MAX_QUIET_MS);
      expect(first.trailingMs, 'the first song ends on its last sample').toBeLessThan(MAX_QUIET_MS);
      await context.close();
    });
  }

  async function shot(page: Page, name: string) {
    await screenshot(page, name);
    await page.screenshot({ path: path.join(LOOKED_AT, `${name}.png`) });
  }
});
