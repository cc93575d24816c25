import type { CatalogueSong, PlaybackAnswer } from '@hfm/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { error, renderWithClient, stubFetch, type RecordedRequest, type StubReply } from './test-utils';
import { usePlayer, usePlayingId, type PlayableSong } from '../player/player-context';
import { catalogueSongFixture } from './songs';
import { userFixture } from './users';

/** Test-only: the player's component tests drive a jsdom audio element, which plays nothing by itself. */

export const MEMBER_ID = '00000000-0000-4000-8000-0000000000f1';
export const PEAK_BYTES = [0, 255, 128, 64];

/** A song as fans' lists carry it (CatalogueSong). */
export function catalogueSong(change: Partial<CatalogueSong> & { id: string; title: string }): CatalogueSong {
  return catalogueSongFixture({
    artistID: '00000000-0000-4000-8000-0000000000aa',
    artistName: 'Nova Lights',
    artistSlug: 'nova-lights',
    ...change,
  });
}

export const songs = ['Dawn', 'Noon', 'Dusk'].map((title, index) =>
  catalogueSong({ id: `00000000-0000-4000-8000-00000000010${index}`, title }),
);
export const [dawn, noon, dusk] = songs as [CatalogueSong, CatalogueSong, CatalogueSong];

/** A full play answer for a song; tests change what they need. */
export function fullAnswer(id: string, change: Partial<PlaybackAnswer> = {}): PlaybackAnswer {
  return {
    full: true,
    hls: null,
    dash: null,
    preview: `/media/${id}/preview.mp3`,
    duration: 200,
    playableSeconds: 200,
    gainDb: 0,
    ...change,
  };
}

/** jsdom has no media playback: play and pause only announce themselves, as a browser's element does. */
export function stubMediaElement() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
}

export interface PlayerApi {
  /** The play answer per song id (a full answer by default); a StubReply for an error. */
  answers?: Record<string, Partial<PlaybackAnswer> | { reply: StubReply }>;
  /** Who GET /api/auth/session says is signed in. */
  userId?: string | null;
  /** Who GET /api/users/session/profile says is signed in (a signed-in area loads it first). */
  profileUserId?: string;
}

/** The server as the player sees it: play answers, peaks, the session and the events route. */
export function stubPlayerApi({ answers = {}, userId = null, profileUserId }: PlayerApi = {}): RecordedRequest[] {
  return stubFetch([
    {
      method: 'GET',
      path: /^\/api\/songs\/[\w-]+\/play$/,
      reply: (request) => {
        const id = request.path.split('/')[3]!;
        const answer = answers[id];
        if (answer && 'reply' in answer) return answer.reply;
        return { body: fullAnswer(id, answer) };
      },
    },
    {
      method: 'GET',
      path: /^\/api\/songs\/[\w-]+\/peaks$/,
      reply: (request) => ({
        body: { id: request.path.split('/')[3], count: 4, peaks: btoa(String.fromCharCode(...PEAK_BYTES)) },
      }),
    },
    {
      method: 'GET',
      path: '/api/auth/session',
      reply: { body: { user: userId ? userFixture({ id: userId, _id: userId }) : null } },
    },
    {
      method: 'GET',
      path: '/api/users/session/profile',
      reply: {
        body: { user: userFixture(profileUserId ? { id: profileUserId, _id: profileUserId } : {}), artist: null },
      },
    },
    {
      method: 'POST',
      path: '/api/mzd-events',
      reply: (request) => ({
        status: 201,
        body: {
          ...(request.body as object),
          _id: 'e1',
          id: 'e1',
          counted: true,
          createdAt: '2025-05-01T00:00:00.000Z',
        },
      }),
    },
  ]);
}

export const notFound = { reply: error(404, 'NOT_FOUND', 'No such song.') };

/** A list as the studio and the fan screens have one: each song's play button. */
export function SongButtons({ list }: { list: PlayableSong[] }) {
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

/** Renders the list inside the app's providers (the player's among them); answers the player's audio element. */
export function renderPlayer(list: PlayableSong[] = songs, page?: ReactNode) {
  const view = renderWithClient(
    <>
      {page}
      <SongButtons list={list} />
    </>,
  );
  return { ...view, audio: screen.getByTestId('player-audio') as HTMLAudioElement };
}

/** The element playing the song: the two elements swap roles when the next song, loaded ahead, takes over. */
export const playerAudio = () => screen.getByTestId('player-audio') as HTMLAudioElement;
/** The other element, where the next song is loaded ahead. */
export const standbyAudio = () => screen.getByTestId('player-standby-audio') as HTMLAudioElement;

export const bar = () => within(screen.getByRole('region', { name: 'Player' }));
/** The bar comes with the engine, a lazy chunk: the first time, it shows a moment after the click. */
export const findBar = async () => within(await screen.findByRole('region', { name: 'Player' }));

/** The song is playing when the bar offers to pause it. */
export async function startSong(title: string) {
  const list = within(screen.getByRole('list'));
  fireEvent.click(list.getByRole('button', { name: new RegExp(`^(Play|Now playing) ${title}$`) }));
  return (await findBar()).findByRole('button', { name: `Pause ${title}` });
}

/** Playback moving on by itself: the position, then the timeupdate a browser sends. */
export function playTo(audio: HTMLAudioElement, seconds: number) {
  act(() => {
    audio.currentTime = seconds;
    fireEvent.timeUpdate(audio);
  });
}

/** Plays on from the current position to `to`, a timeupdate every `step` seconds. */
export function playThrough(audio: HTMLAudioElement, to: number, step = 0.5) {
  for (let at = audio.currentTime + step; at <= to + 1e-9; at += step) playTo(audio, Math.round(at * 1000) / 1000);
}

/** Lets every promise already under way settle (no clock involved: one turn of the event loop). */
export async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

export function setDuration(audio: HTMLAudioElement, seconds: number) {
  Object.defineProperty(audio, 'duration', { configurable: true, value: seconds });
  fireEvent.durationChange(audio);
}
