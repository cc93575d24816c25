import { LISTEN_COUNTS_AFTER_SECONDS } from '@hfm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionProfile } from '../api/session';
import type { RecordedRequest } from '../test/test-utils';
import { ListenTracker } from './listen-tracker';
import {
  bar,
  catalogueSong,
  dawn,
  dusk,
  MEMBER_ID,
  noon,
  playThrough,
  playerAudio,
  playTo,
  renderPlayer,
  settle,
  startSong,
  stubMediaElement,
  stubPlayerApi,
  type PlayerApi,
} from '../test/player';
import { playableEnd } from './use-media-loader';

let calls: RecordedRequest[];
const events = () => calls.filter((call) => call.method === 'POST' && call.path === '/api/mzd-events');
const sessionChecks = () => calls.filter((call) => call.path === '/api/auth/session');
const preview = { full: false, hls: null, dash: null, playableSeconds: 30 };

beforeAll(async () => {
  await import('./player-engine');
});

beforeEach(() => {
  localStorage.clear();
  stubMediaElement();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** What a signed-in area does first: load the session profile. */
function SignedInArea() {
  return useSessionProfile().data ? <p>Signed in</p> : null;
}

function serve(api: PlayerApi) {
  calls = stubPlayerApi(api);
}

describe('previews', () => {
  it("stop at playableSeconds even when the file runs on, and say why, linking to the artist's page", async () => {
    serve({ answers: { [dawn.id]: preview } });
    const { audio } = renderPlayer([dawn]);
    await startSong('Dawn');
    const offer = await bar().findByRole('link', {
      name: 'Preview — subscribe to Nova Lights to hear the whole song',
    });
    expect(offer).toHaveAttribute('href', '/a/nova-lights?subscribe');
    expect(bar().getByText('0:00 / 0:30')).toBeInTheDocument();
    playTo(audio, 29.75);
    expect(bar().getByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
    playTo(audio, 30.1);
    expect(await bar().findByRole('button', { name: 'Play Dawn' })).toBeInTheDocument();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(bar().getByText('0:30 / 0:30')).toBeInTheDocument();
    expect(bar().getByRole('link', { name: /^Preview — subscribe to Nova Lights/ })).toBeInTheDocument();
  });

  it('do not seek past their end, and play again from the start', async () => {
    serve({ answers: { [dawn.id]: preview } });
    const { audio } = renderPlayer([dawn]);
    await startSong('Dawn');
    await bar().findByRole('link', { name: /^Preview/ });
    fireEvent.change(bar().getByRole('slider', { name: 'Position' }), { target: { value: '150' } });
    expect(audio.currentTime).toBe(30);
    playTo(audio, 30);
    fireEvent.click(await bar().findByRole('button', { name: 'Play Dawn' }));
    expect(audio.currentTime).toBe(0);
  });

  it('go on to the next song in the queue after the preview stop', async () => {
    serve({ answers: { [dawn.id]: preview } });
    const { audio } = renderPlayer([dawn, noon]);
    await startSong('Dawn');
    await bar().findByRole('link', { name: /^Preview/ });
    playTo(audio, 31);
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    await waitFor(() => expect(bar().queryByRole('link', { name: /^Preview/ })).not.toBeInTheDocument());
  });

  it('that end where their file ends step on once: the stop and the ended event are one end (1 -> 2 -> 3)', async () => {
    serve({ answers: { [dawn.id]: preview, [noon.id]: preview, [dusk.id]: preview } });
    renderPlayer([dawn, noon, dusk]);
    await startSong('Dawn');
    await bar().findByRole('link', { name: /^Preview/ });
    // The preview file is exactly the playable seconds long: the last timeupdate and the ended event both come.
    const first = playerAudio();
    playTo(first, 30);
    fireEvent.ended(first);
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    await bar().findByRole('link', { name: /^Preview/ });
    await settle();
    expect(bar().getByText('2 of 3')).toBeInTheDocument();
    const second = playerAudio();
    playTo(second, 30);
    fireEvent.ended(second);
    expect(await bar().findByRole('button', { name: 'Pause Dusk' })).toBeInTheDocument();
    await settle();
    expect(bar().getByText('3 of 3')).toBeInTheDocument();
  });

  it('stop by 45 s whatever the answer says, and full songs play on', () => {
    const answer = { ...preview, preview: null, duration: 200, gainDb: 0 };
    expect(playableEnd({ ...answer, playableSeconds: 120 })).toBe(45);
    expect(playableEnd({ ...answer, playableSeconds: null })).toBe(45);
    expect(playableEnd({ ...answer, playableSeconds: 12 })).toBe(12);
    expect(playableEnd({ ...answer, full: true, playableSeconds: 200 })).toBeNull();
  });
});

describe('listen events', () => {
  it(`are sent once, after ${LISTEN_COUNTS_AFTER_SECONDS} s heard of one play, for the signed-in user`, async () => {
    serve({ userId: MEMBER_ID });
    const { audio } = renderPlayer([dawn]);
    await startSong('Dawn');
    playThrough(audio, 9.5);
    await settle();
    expect(events()).toHaveLength(0);
    playThrough(audio, 10.5);
    await waitFor(() => expect(events()).toHaveLength(1));
    expect(events()[0]!.body).toEqual({
      memberID: MEMBER_ID,
      itemID: dawn.id,
      itemType: 'song',
      eventPayload: { action: 'listen', clientTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/) },
    });
    playThrough(audio, 40);
    await settle();
    expect(events()).toHaveLength(1);
  });

  it('count only playback, not seeks', async () => {
    serve({ userId: MEMBER_ID });
    const { audio } = renderPlayer([dawn]);
    await startSong('Dawn');
    playThrough(audio, 3);
    // The slider (3 s to 60 s), then a seek from elsewhere (the lock screen): neither is listening.
    fireEvent.change(bar().getByRole('slider', { name: 'Position' }), { target: { value: '60' } });
    playThrough(audio, 63);
    fireEvent.seeking(audio);
    audio.currentTime = 120;
    fireEvent.seeking(audio);
    playThrough(audio, 123.5); // heard: 3 + 2.5 + 3.5 = 9 s
    await settle();
    expect(sessionChecks()).toHaveLength(0);
    expect(events()).toHaveLength(0);
    playThrough(audio, 124.5);
    await waitFor(() => expect(events()).toHaveLength(1));
  });

  it('do not count time while paused', async () => {
    serve({ userId: MEMBER_ID });
    const { audio } = renderPlayer([dawn]);
    await startSong('Dawn');
    playThrough(audio, 5);
    fireEvent.click(bar().getByRole('button', { name: 'Pause Dawn' }));
    playTo(audio, 30); // a browser's timeupdate while paused: nothing heard
    fireEvent.click(bar().getByRole('button', { name: 'Play Dawn' }));
    playThrough(audio, 34.5);
    await settle();
    expect(events()).toHaveLength(0);
    playThrough(audio, 35.5);
    await waitFor(() => expect(events()).toHaveLength(1));
  });

  it('count the whole of a shorter song', async () => {
    const short = catalogueSong({ id: '00000000-0000-4000-8000-000000000301', title: 'Jingle', duration: 6 });
    serve({ userId: MEMBER_ID, answers: { [short.id]: { duration: 6, playableSeconds: 6 } } });
    const { audio } = renderPlayer([short]);
    await startSong('Jingle');
    playThrough(audio, 5.25, 0.25);
    await settle();
    expect(events()).toHaveLength(0);
    audio.currentTime = 6;
    fireEvent.ended(audio);
    await waitFor(() => expect(events()).toHaveLength(1));
  });

  it('go out as the user of the session profile a signed-in area has loaded', async () => {
    serve({ profileUserId: MEMBER_ID });
    const { audio } = renderPlayer([dawn], <SignedInArea />);
    await screen.findByText('Signed in');
    await startSong('Dawn');
    playThrough(audio, 10.5);
    await waitFor(() => expect(events()).toHaveLength(1));
    expect(events()[0]!.body).toMatchObject({ memberID: MEMBER_ID });
    expect(sessionChecks()).toHaveLength(0);
  });

  it('are not sent when nobody is signed in', async () => {
    serve({ userId: null });
    const { audio } = renderPlayer([dawn]);
    await startSong('Dawn');
    playThrough(audio, 12);
    await waitFor(() => expect(sessionChecks()).toHaveLength(1));
    await settle();
    expect(events()).toHaveLength(0);
  });

  it('failing, are only logged', async () => {
    calls = stubPlayerApi({ userId: MEMBER_ID });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) =>
      path === '/api/mzd-events'
        ? Promise.resolve(
            new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'No.' } }), { status: 403 }),
          )
        : fetchStub(path, init),
    );
    const { audio } = renderPlayer([dawn]);
    await startSong('Dawn');
    playThrough(audio, 11);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('The listen event was not sent.', expect.any(Error)));
    expect(bar().getByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
  });
});

describe('ListenTracker', () => {
  it('adds up small forward steps while playing and says once when the listen is due', () => {
    const tracker = new ListenTracker(200);
    const due = [0, 4, 8, 9.9, 10.1, 12].map((at) => tracker.advance(at, true));
    expect(due).toEqual([false, false, false, false, true, false]);
  });

  it('skips jumps: seeks it is told of, and large jumps it is not', () => {
    const tracker = new ListenTracker(200);
    tracker.advance(0, true);
    tracker.advance(2, true);
    tracker.seeked();
    tracker.advance(50, true);
    tracker.advance(52, true);
    tracker.advance(100, true); // a seek without a 'seeking' event
    tracker.advance(101, true);
    expect(tracker.heard).toBe(5);
  });

  it('asks for the whole of a song shorter than the threshold, less the last timeupdate', () => {
    const tracker = new ListenTracker(4);
    expect(tracker.advance(0, true)).toBe(false);
    expect(tracker.advance(3.5, true)).toBe(false);
    expect(tracker.advance(3.75, true)).toBe(true);
  });
});
