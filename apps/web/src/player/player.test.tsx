import type { PublicSong } from '@hfm/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { error, renderWithClient, stubFetch, type RecordedRequest } from '../api/test-utils';
import { songFixture } from '../test/songs';
import { choosePlayback } from './playback';
import { PlayerBar } from './player-bar';
import { usePlayer, usePlayingId } from './player-context';

const songs = ['Dawn', 'Noon', 'Dusk'].map((title, index) =>
  songFixture({ id: `00000000-0000-4000-8000-00000000010${index}`, title, duration: 200 }),
);
const [dawn, noon, dusk] = songs as [PublicSong, PublicSong, PublicSong];
const PEAK_BYTES = [0, 255, 128, 64];

let calls: RecordedRequest[];

beforeEach(() => {
  // jsdom has no media playback: play and pause only announce themselves, as a browser's element does.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
  calls = stubFetch([
    {
      method: 'GET',
      path: /^\/api\/songs\/[\w-]+\/play$/,
      reply: (request) => {
        const id = request.path.split('/')[3]!;
        if (id === dusk.id) return error(404, 'NOT_FOUND', 'No such song.');
        return { body: { full: false, hls: null, dash: null, preview: `/media/${id}/preview.mp3`, duration: 200 } };
      },
    },
    {
      method: 'GET',
      path: /^\/api\/songs\/[\w-]+\/peaks$/,
      reply: (request) => ({
        body: { id: request.path.split('/')[3], count: 4, peaks: btoa(String.fromCharCode(...PEAK_BYTES)) },
      }),
    },
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A list as the studio (and later the fan area) has one: each song's play button, and the player bar. */
function SongButtons({ list }: { list: PublicSong[] }) {
  const player = usePlayer();
  const playingId = usePlayingId();
  return (
    <ul>
      {list.map((song) => (
        <li key={song.id}>
          <button onClick={() => player.play(song, list)}>
            {song.id === playingId ? 'Now playing' : 'Play'} {song.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

function renderPlayer(list: PublicSong[] = songs) {
  // renderWithClient mounts the app's providers, the player's among them.
  renderWithClient(
    <>
      <SongButtons list={list} />
      <PlayerBar />
    </>,
  );
  return screen.getByTestId('player-audio') as HTMLAudioElement;
}

const bar = () => within(screen.getByRole('region', { name: 'Player' }));

describe('the player', () => {
  it('plays a song from its list: loads its media, shows the bar and marks the song in the list', async () => {
    const audio = renderPlayer();
    expect(screen.queryByRole('region', { name: 'Player' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play Noon' }));
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(audio.getAttribute('src')).toBe(`/media/${noon.id}/preview.mp3`);
    expect(screen.getByRole('button', { name: 'Now playing Noon' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain(`/api/songs/${noon.id}/play`);
  });

  it('pauses and resumes from the bar', async () => {
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Dawn' }));
    await userEvent.click(await bar().findByRole('button', { name: 'Pause Dawn' }));
    expect(bar().getByRole('button', { name: 'Play Dawn' })).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getByRole('button', { name: 'Play Dawn' })).toBeInTheDocument();
    await userEvent.click(bar().getByRole('button', { name: 'Play Dawn' }));
    expect(bar().getByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
  });

  it('goes next and previous over the queue, and on to the next song when one ends', async () => {
    const audio = renderPlayer([dawn, noon]);
    await userEvent.click(screen.getByRole('button', { name: 'Play Dawn' }));
    await bar().findByRole('button', { name: 'Pause Dawn' });
    await userEvent.click(bar().getByRole('button', { name: 'Next song' }));
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(audio.getAttribute('src')).toBe(`/media/${noon.id}/preview.mp3`);
    expect(bar().getByRole('button', { name: 'Next song' })).toBeDisabled();
    await userEvent.click(bar().getByRole('button', { name: 'Previous song' }));
    expect(await bar().findByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
    fireEvent.ended(audio);
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
  });

  it('seeks where the position slider is moved', async () => {
    const audio = renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Dawn' }));
    await bar().findByRole('button', { name: 'Pause Dawn' });
    fireEvent.change(bar().getByRole('slider', { name: 'Position' }), { target: { value: '42' } });
    expect(audio.currentTime).toBe(42);
  });

  it("draws the song's waveform from peaks fetched once for that song", async () => {
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Dawn' }));
    const waveform = await screen.findByTestId('waveform');
    const heights = [...waveform.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('height')));
    expect(heights).toEqual([4, 100, (128 / 255) * 100, (64 / 255) * 100]);
    await userEvent.click(bar().getByRole('button', { name: 'Pause Dawn' }));
    await userEvent.click(bar().getByRole('button', { name: 'Play Dawn' }));
    expect(calls.filter((call) => call.path === `/api/songs/${dawn.id}/peaks`)).toHaveLength(1);
  });

  it('says why a song cannot play, and closes', async () => {
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play Dusk' }));
    expect(await bar().findByText('No such song.')).toBeInTheDocument();
    const tries = () => calls.filter((call) => call.path === `/api/songs/${dusk.id}/play`);
    await userEvent.click(within(screen.getByRole('list')).getByRole('button', { name: 'Play Dusk' }));
    await waitFor(() => expect(tries()).toHaveLength(2));
    await userEvent.click(bar().getByRole('button', { name: 'Play Dusk' }));
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
  it('uses native HLS on Apple devices, DASH elsewhere and the preview when neither is there', () => {
    expect(choosePlayback(sources, true)).toEqual({ kind: 'hls', url: '/m/a.m3u8' });
    expect(choosePlayback(sources, false)).toEqual({ kind: 'dash', url: '/m/a.mpd' });
    expect(choosePlayback({ ...sources, hls: null, dash: null }, true)).toEqual({ kind: 'preview', url: '/m/p.mp3' });
    expect(choosePlayback({ ...sources, hls: null, dash: null, preview: null }, false)).toBeNull();
  });
});
