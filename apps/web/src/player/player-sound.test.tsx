import { act, cleanup, fireEvent } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dbToLinear, outputLevels } from './loudness';
import { PLAYER_SETTINGS_KEY, readPlayerSettings } from './player-settings';
import { untilCondition } from '../test/conditions';
import {
  bar,
  dawn,
  noon,
  playerAudio,
  playTo,
  renderPlayer,
  setDuration,
  startSong,
  standbyAudio,
  stubMediaElement,
  stubPlayerApi,
} from '../test/player';

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

type FakeNode = { connect: ReturnType<typeof vi.fn> };
type FakeGain = FakeNode & { gain: { value: number } };

/** Web Audio as far as the player uses it; the nodes record how they were wired and set (a gain per element). */
class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  state: AudioContextState = 'running';
  destination = { node: 'speakers' };
  sources: HTMLMediaElement[] = [];
  sourceNodes: FakeNode[] = [];
  gains: FakeGain[] = [];
  constructor() {
    FakeAudioContext.made.push(this);
  }
  createMediaElementSource(element: HTMLMediaElement) {
    this.sources.push(element);
    this.sourceNodes.push({ connect: vi.fn() });
    return this.sourceNodes.at(-1);
  }
  createGain() {
    this.gains.push({ gain: { value: 1 }, connect: vi.fn() });
    return this.gains.at(-1);
  }
  /** The GainNode of an element's graph (each element gets its source node, then its gain). */
  gainOf(element: HTMLMediaElement): FakeGain {
    return this.gains[this.sources.indexOf(element)]!;
  }
  resume = vi.fn(() => Promise.resolve());
  addEventListener = vi.fn();
  removeEventListener = vi.fn();
}

describe('volume', () => {
  it('is set with the slider and the mute button, and remembered for the next visit', async () => {
    stubPlayerApi();
    const first = renderPlayer([dawn]);
    await startSong('Dawn');
    fireEvent.change(bar().getByRole('slider', { name: 'Volume' }), { target: { value: '0.4' } });
    expect(first.audio.volume).toBeCloseTo(0.4);
    fireEvent.click(bar().getByRole('button', { name: 'Mute' }));
    expect(first.audio.muted).toBe(true);
    expect(bar().getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuetext', 'Muted');
    expect(readPlayerSettings()).toEqual({ volume: 0.4, muted: true, evenLoudness: true });
    cleanup();

    const second = renderPlayer([dawn]);
    await startSong('Dawn');
    expect(bar().getByRole('slider', { name: 'Volume' })).toHaveValue('0.4');
    expect(second.audio.volume).toBeCloseTo(0.4);
    expect(second.audio.muted).toBe(true);
    fireEvent.click(bar().getByRole('button', { name: 'Unmute' }));
    expect(second.audio.muted).toBe(false);
  });

  it('falls back to the defaults when what was stored is not usable', () => {
    localStorage.setItem(PLAYER_SETTINGS_KEY, '{"volume": 7, "muted": "yes"');
    expect(readPlayerSettings()).toEqual({ volume: 1, muted: false, evenLoudness: true });
    localStorage.setItem(PLAYER_SETTINGS_KEY, '{"volume": 7, "muted": "yes", "evenLoudness": false}');
    expect(readPlayerSettings()).toEqual({ volume: 1, muted: false, evenLoudness: false });
  });
});

describe('even loudness', () => {
  it("applies the song's gain through a GainNode made on the first play, and switching it off sets gain 1", async () => {
    FakeAudioContext.made = [];
    vi.stubGlobal('AudioContext', FakeAudioContext);
    stubPlayerApi({ answers: { [dawn.id]: { gainDb: -6 }, [noon.id]: { gainDb: 4 } } });
    const { audio } = renderPlayer([dawn, noon]);
    await startSong('Dawn');
    const [context] = FakeAudioContext.made;
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(context!.sources[0]).toBe(audio);
    const gain = context!.gainOf(audio);
    expect(context!.sourceNodes[0]!.connect).toHaveBeenCalledWith(gain);
    expect(gain.connect).toHaveBeenCalledWith(context!.destination);
    await vi.waitFor(() => expect(gain.gain.value).toBeCloseTo(0.501, 3), untilCondition);
    // The next song, loaded ahead in the other element, has its own graph, set for its own gain.
    const standby = standbyAudio();
    await vi.waitFor(() => expect(context!.sources).toEqual([audio, standby]), untilCondition);
    await vi.waitFor(() => expect(context!.gainOf(standby).gain.value).toBeCloseTo(1.585, 3), untilCondition);

    const toggle = bar().getByRole('switch', { name: 'Even loudness' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(gain.gain.value).toBe(1);
    expect(readPlayerSettings().evenLoudness).toBe(false);

    fireEvent.click(toggle);
    expect(gain.gain.value).toBeCloseTo(0.501, 3);
    fireEvent.click(bar().getByRole('button', { name: 'Next song' }));
    // A quiet song is raised, which only Web Audio can do; the volume rides on the same gain.
    await bar().findByRole('button', { name: 'Pause Noon' });
    const noonGain = context!.gainOf(playerAudio());
    await vi.waitFor(() => expect(noonGain.gain.value).toBeCloseTo(1.585, 3), untilCondition);
    fireEvent.change(bar().getByRole('slider', { name: 'Volume' }), { target: { value: '0.5' } });
    expect(noonGain.gain.value).toBeCloseTo(0.792, 3);
    expect(playerAudio().volume).toBe(1);
    expect(FakeAudioContext.made).toHaveLength(1);
  });

  it('without Web Audio turns loud songs down with the volume and leaves quiet ones', async () => {
    vi.stubGlobal('AudioContext', undefined);
    stubPlayerApi({ answers: { [dawn.id]: { gainDb: -6 }, [noon.id]: { gainDb: 4 } } });
    const { audio } = renderPlayer([dawn, noon]);
    await startSong('Dawn');
    await vi.waitFor(() => expect(audio.volume).toBeCloseTo(0.501, 3), untilCondition);
    fireEvent.click(bar().getByRole('switch', { name: 'Even loudness' }));
    expect(audio.volume).toBe(1);
    fireEvent.click(bar().getByRole('switch', { name: 'Even loudness' }));
    fireEvent.click(bar().getByRole('button', { name: 'Next song' }));
    await bar().findByRole('button', { name: 'Pause Noon' });
    await vi.waitFor(() => expect(playerAudio().volume).toBe(1), untilCondition);
  });

  it('makes no AudioContext while switched off', async () => {
    FakeAudioContext.made = [];
    vi.stubGlobal('AudioContext', FakeAudioContext);
    localStorage.setItem(PLAYER_SETTINGS_KEY, JSON.stringify({ evenLoudness: false }));
    stubPlayerApi({ answers: { [dawn.id]: { gainDb: -6 } } });
    const { audio } = renderPlayer([dawn]);
    await startSong('Dawn');
    expect(audio.volume).toBe(1);
    expect(FakeAudioContext.made).toHaveLength(0);
  });
});

describe('loudness levels', () => {
  const settings = { volume: 1, muted: false, evenLoudness: true };

  it('turns dB into a factor', () => {
    expect(dbToLinear(0)).toBe(1);
    expect(dbToLinear(-6)).toBeCloseTo(0.5012, 4);
    expect(dbToLinear(6)).toBeCloseTo(1.9953, 4);
    expect(dbToLinear(-20)).toBeCloseTo(0.1, 10);
    expect(dbToLinear(Number.NaN)).toBe(1);
  });

  it('puts gain and volume on the GainNode with Web Audio, and gain 1 when switched off', () => {
    expect(outputLevels(settings, -6, true)).toEqual({ elementVolume: 1, elementMuted: false, gain: dbToLinear(-6) });
    expect(outputLevels({ ...settings, evenLoudness: false }, -6, true).gain).toBe(1);
    expect(outputLevels({ ...settings, evenLoudness: false }, 9, true).gain).toBe(1);
    expect(outputLevels({ ...settings, volume: 0.5 }, 6, true).gain).toBeCloseTo(0.9976, 4);
    expect(outputLevels({ ...settings, muted: true }, 6, true)).toEqual({
      elementVolume: 1,
      elementMuted: true,
      gain: 0,
    });
  });

  it('without Web Audio only attenuates, through the element volume', () => {
    expect(outputLevels(settings, -6, false)).toEqual({
      elementVolume: dbToLinear(-6),
      elementMuted: false,
      gain: null,
    });
    expect(outputLevels(settings, 6, false).elementVolume).toBe(1);
    expect(outputLevels({ ...settings, volume: 0.5, evenLoudness: false }, -6, false).elementVolume).toBe(0.5);
  });
});

describe('the Media Session', () => {
  function stubMediaSession() {
    const session = {
      metadata: null as unknown,
      playbackState: 'none',
      setActionHandler: vi.fn(),
      setPositionState: vi.fn(),
    };
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(readonly init: MediaMetadataInit) {}
      },
    );
    return session;
  }
  afterEach(() => {
    delete (navigator as { mediaSession?: unknown }).mediaSession;
  });
  const handler = (session: ReturnType<typeof stubMediaSession>, action: string) =>
    session.setActionHandler.mock.calls.findLast(([name]) => name === action)![1] as MediaSessionActionHandler;

  it('shows the song on the lock screen and lets its buttons drive the player', async () => {
    const session = stubMediaSession();
    stubPlayerApi();
    const { audio, unmount } = renderPlayer([dawn, noon]);
    await startSong('Dawn');
    const actions = session.setActionHandler.mock.calls.map(([action]) => action);
    expect(actions).toEqual(
      expect.arrayContaining(['play', 'pause', 'previoustrack', 'nexttrack', 'seekto', 'seekbackward', 'seekforward']),
    );
    expect(session.metadata).toMatchObject({ init: { title: 'Dawn', artist: 'Nova Lights' } });
    expect(session.playbackState).toBe('playing');

    setDuration(audio, 200);
    expect(session.setPositionState).toHaveBeenLastCalledWith({ duration: 200, playbackRate: 1, position: 0 });
    act(() => handler(session, 'seekto')({ action: 'seekto', seekTime: 80 }));
    expect(audio.currentTime).toBe(80);
    act(() => handler(session, 'seekbackward')({ action: 'seekbackward' }));
    expect(audio.currentTime).toBe(70);
    act(() => handler(session, 'seekforward')({ action: 'seekforward', seekOffset: 30 }));
    expect(audio.currentTime).toBe(100);
    playTo(audio, 100);

    act(() => handler(session, 'pause')({ action: 'pause' }));
    expect(await bar().findByRole('button', { name: 'Play Dawn' })).toBeInTheDocument();
    expect(session.playbackState).toBe('paused');
    act(() => handler(session, 'play')({ action: 'play' }));
    expect(await bar().findByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
    act(() => handler(session, 'nexttrack')({ action: 'nexttrack' }));
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(session.metadata).toMatchObject({ init: { title: 'Noon' } });
    playTo(playerAudio(), 1); // the new song's first second: Previous goes back a song rather than to its start
    act(() => handler(session, 'previoustrack')({ action: 'previoustrack' }));
    expect(await bar().findByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();

    unmount();
    expect(handler(session, 'play')).toBeNull();
    expect(session.metadata).toBeNull();
  });
});
