import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../test/test-utils';
import { songFixture } from '../test/songs';
import { choosePlayback, prefersNativeHls } from './playback';
import {
  bar,
  findBar,
  dawn,
  dusk,
  noon,
  notFound,
  playerAudio,
  playTo,
  renderPlayer,
  setDuration,
  SongButtons,
  songs,
  startSong,
  stubMediaElement,
  stubPlayerApi,
} from '../test/player';

let calls: RecordedRequest[];

beforeAll(async () => {
  // The engine is a lazy chunk: load it once up front so the first test does not pay for its transform.
  await import('./player-engine');
});

beforeEach(() => {
  localStorage.clear();
  stubMediaElement();
  calls = stubPlayerApi({ answers: { [dusk.id]: notFound } });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the player', () => {
  it('plays a song from its list: loads its media, shows the bar and marks the song in the list', async () => {
    const { audio } = renderPlayer();
    expect(screen.queryByRole('region', { name: 'Player' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play Noon' }));
    expect(await (await findBar()).findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(audio.getAttribute('src')).toBe(`/media/${noon.id}/preview.mp3`);
    expect(screen.getByRole('button', { name: 'Now playing Noon' })).toBeInTheDocument();
    expect(bar().getByText('Nova Lights')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(`/api/songs/${noon.id}/play`);
  });

  it('plays a studio song (PublicSong) as well as a catalogue one', async () => {
    const studioSong = songFixture({ id: '00000000-0000-4000-8000-000000000201', title: 'Demo' });
    const { audio } = renderPlayer([studioSong]);
    await startSong('Demo');
    expect(audio.getAttribute('src')).toBe(`/media/${studioSong.id}/preview.mp3`);
  });

  it('pauses and resumes from the bar', async () => {
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Dawn' }));
    await userEvent.click(await (await findBar()).findByRole('button', { name: 'Pause Dawn' }));
    expect(bar().getByRole('button', { name: 'Play Dawn' })).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getByRole('button', { name: 'Play Dawn' })).toBeInTheDocument();
    await userEvent.click(bar().getByRole('button', { name: 'Play Dawn' }));
    expect(bar().getByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
  });

  it('queues the list the song was chosen in, starting at that song, and shows where it is', async () => {
    renderPlayer();
    await startSong('Noon');
    expect(bar().getByText('2 of 3')).toBeInTheDocument();
    await userEvent.click(bar().getByRole('button', { name: 'Previous song' }));
    expect(await bar().findByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
    expect(bar().getByText('1 of 3')).toBeInTheDocument();
    await userEvent.click(bar().getByRole('button', { name: 'Next song' }));
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(playerAudio().getAttribute('src')).toBe(`/media/${noon.id}/preview.mp3`);
    fireEvent.ended(playerAudio());
    await waitFor(() => expect(bar().getByText('3 of 3')).toBeInTheDocument());
    expect(bar().getByRole('button', { name: 'Next song' })).toBeDisabled();
  });

  it('restarts the song on Previous after its first seconds, and goes back before them', async () => {
    const { audio } = renderPlayer([dawn, noon]);
    await startSong('Noon');
    playTo(audio, 12);
    await userEvent.click(bar().getByRole('button', { name: 'Previous song' }));
    expect(audio.currentTime).toBe(0);
    expect(bar().getByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    await userEvent.click(bar().getByRole('button', { name: 'Previous song' }));
    expect(await bar().findByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
  });

  it('plays just the song when it is not in the list given', async () => {
    renderPlayer([dawn]);
    await startSong('Dawn');
    expect(bar().queryByRole('button', { name: 'Next song' })).not.toBeInTheDocument();
    expect(bar().queryByText(/of 1/)).not.toBeInTheDocument();
  });

  it('seeks where the position slider over the waveform is moved, and 5 s with the arrow keys', async () => {
    const { audio } = renderPlayer();
    await startSong('Dawn');
    setDuration(audio, 200);
    const position = bar().getByRole('slider', { name: 'Position' });
    fireEvent.change(position, { target: { value: '42' } });
    expect(audio.currentTime).toBe(42);
    playTo(audio, 42);
    fireEvent.keyDown(position, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(47);
    playTo(audio, 47);
    expect(position).toHaveAttribute('aria-valuetext', '0:47 of 3:20');
    fireEvent.keyDown(position, { key: 'ArrowLeft' });
    fireEvent.keyDown(position, { key: 'ArrowDown' });
    expect(audio.currentTime).toBe(37);
  });

  it('plays and pauses with Space, except while typing or on a button', async () => {
    render(<input aria-label="Search" />);
    renderPlayer();
    const playButton = screen.getByRole('button', { name: 'Play Dawn' });
    await startSong('Dawn');
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(bar().getByRole('button', { name: 'Play Dawn' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: ' ' });
    fireEvent.keyDown(playButton, { key: ' ' });
    expect(bar().getByRole('button', { name: 'Play Dawn' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(bar().getByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
  });

  it("draws the song's waveform from peaks fetched once, for the song in the player only", async () => {
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Dawn' }));
    const waveform = await screen.findByTestId('waveform');
    const heights = [...waveform.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('height')));
    expect(heights).toEqual([4, 100, (128 / 255) * 100, (64 / 255) * 100]);
    await userEvent.click(bar().getByRole('button', { name: 'Pause Dawn' }));
    await userEvent.click(bar().getByRole('button', { name: 'Play Dawn' }));
    const peakCalls = calls.filter((call) => call.path.endsWith('/peaks')).map((call) => call.path);
    expect(peakCalls).toEqual([`/api/songs/${dawn.id}/peaks`]);
  });

  it('says why a song cannot play, tries again, and closes', async () => {
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Dusk' }));
    expect(await (await findBar()).findByText('No such song.')).toBeInTheDocument();
    const tries = () => calls.filter((call) => call.path === `/api/songs/${dusk.id}/play`);
    await userEvent.click(within(screen.getByRole('list')).getByRole('button', { name: 'Play Dusk' }));
    await waitFor(() => expect(tries()).toHaveLength(2));
    await userEvent.click(await bar().findByRole('button', { name: 'Play Dusk' }));
    await waitFor(() => expect(tries()).toHaveLength(3));
    await userEvent.click(bar().getByRole('button', { name: 'Close player' }));
    expect(screen.queryByRole('region', { name: 'Player' })).not.toBeInTheDocument();
  });

  it('needs its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SongButtons list={songs} />)).toThrow(/PlayerProvider/);
  });
});

describe('choosePlayback', () => {
  const sources = {
    full: true,
    hls: '/m/a.m3u8',
    dash: '/m/a.mpd',
    preview: '/m/p.mp3',
    duration: 10,
    playableSeconds: 10,
    gainDb: 0,
  };
  it('uses native HLS where there is no media source, DASH elsewhere and the preview when neither is there', () => {
    expect(choosePlayback(sources, true)).toEqual({ kind: 'hls', url: '/m/a.m3u8' });
    expect(choosePlayback(sources, false)).toEqual({ kind: 'dash', url: '/m/a.mpd' });
    expect(choosePlayback({ ...sources, hls: null, dash: null }, true)).toEqual({ kind: 'preview', url: '/m/p.mp3' });
    expect(choosePlayback({ ...sources, hls: null, dash: null, preview: null }, false)).toBeNull();
  });

  it('prefers native HLS only where HLS plays natively and there is no MediaSource (decision 0055)', () => {
    const audio = document.createElement('audio');
    const withMediaSource = 'MediaSource' in window;
    // Chromium answers "maybe" for HLS now, yet has a media source: DASH, whose edit list it applies.
    vi.spyOn(audio, 'canPlayType').mockReturnValue('maybe');
    vi.stubGlobal('MediaSource', class {});
    expect(prefersNativeHls(audio)).toBe(false);
    // The iPhone: native HLS and no MediaSource.
    vi.stubGlobal('MediaSource', undefined);
    expect(prefersNativeHls(audio)).toBe(true);
    vi.spyOn(audio, 'canPlayType').mockReturnValue('');
    expect(prefersNativeHls(audio)).toBe(false);
    vi.unstubAllGlobals();
    expect('MediaSource' in window).toBe(withMediaSource);
  });
});
