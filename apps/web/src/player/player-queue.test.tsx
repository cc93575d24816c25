import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_MEMORY_KEY, readRememberedPlayer } from './player-memory';
import {
  bar,
  dawn,
  dusk,
  noon,
  playTo,
  renderPlayer,
  setDuration,
  songs,
  startSong,
  stubMediaElement,
  stubPlayerApi,
} from '../test/player';

beforeAll(async () => {
  await Promise.all([import('./player-engine'), import('./queue-panel')]);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  stubMediaElement();
  stubPlayerApi();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const queuePanel = () => within(screen.getByRole('dialog', { name: 'Queue' }));
const nextUp = () =>
  within(queuePanel().getByRole('list', { name: 'Next up' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

/** jsdom has no layout: give each queue row a place in a column so the keyboard sensor can move between them. */
function layOutQueueRows() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('.queue-panel__row');
    if (!row?.parentElement) return original.call(this);
    const top = [...row.parentElement.children].indexOf(row) * 50;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 44, width: 300, height: 44, toJSON: () => ({}) };
  });
}

describe('the queue', () => {
  it('lists what plays next in a panel, where a song can be moved (keys) or removed', async () => {
    const fourth = { ...dusk, id: '00000000-0000-4000-8000-000000000104', title: 'Midnight' };
    renderPlayer([dawn, noon, dusk, fourth]);
    await startSong('Dawn');
    await userEvent.click(bar().getByRole('button', { name: 'Queue' }));
    expect(await screen.findByRole('dialog', { name: 'Queue' })).toBeInTheDocument();
    expect(queuePanel().getByText('Dawn')).toBeInTheDocument();
    expect(nextUp()).toEqual([
      expect.stringContaining('Noon'),
      expect.stringContaining('Dusk'),
      expect.stringContaining('Midnight'),
    ]);

    await userEvent.click(queuePanel().getByRole('button', { name: 'Remove Dusk' }));
    expect(nextUp()).toEqual([expect.stringContaining('Noon'), expect.stringContaining('Midnight')]);

    // dnd-kit's keyboard sensor: Space picks the song up, an arrow moves it, Space drops it; a screen reader
    // hears each step (the pick-up too, not at once replaced by the song being over its own place).
    layOutQueueRows();
    queuePanel().getByRole('button', { name: 'Move Noon' }).focus();
    await userEvent.keyboard('[Space]');
    expect(queuePanel().getByRole('status')).toHaveTextContent('Picked up Noon.');
    await userEvent.keyboard('[ArrowDown]');
    expect(queuePanel().getByRole('status')).toHaveTextContent('Noon is over the place of Midnight.');
    await userEvent.keyboard('[Space]');
    expect(queuePanel().getByRole('status')).toHaveTextContent('Noon was dropped in the place of Midnight.');
    await waitFor(() =>
      expect(nextUp()).toEqual([expect.stringContaining('Midnight'), expect.stringContaining('Noon')]),
    );

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Queue' })).not.toBeInTheDocument());
    expect(bar().getByText('1 of 3')).toBeInTheDocument();
    await userEvent.click(bar().getByRole('button', { name: 'Next song' }));
    expect(await bar().findByRole('button', { name: 'Pause Midnight' })).toBeInTheDocument();
  });
});

describe('after a reload', () => {
  it('keeps the queue, the song and its position in the session, and forgets them when the player is closed', async () => {
    const { audio } = renderPlayer();
    await startSong('Noon');
    setDuration(audio, 200);
    playTo(audio, 42);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(readRememberedPlayer()).toEqual({
      queue: songs.map(({ id, title, artistID, duration, artistName, artistSlug, isFullPreview }) => ({
        id,
        title,
        artistID,
        duration,
        artistName,
        artistSlug,
        isFullPreview,
      })),
      index: 1,
      position: 42,
    });
    await userEvent.click(bar().getByRole('button', { name: 'Close player' }));
    expect(sessionStorage.getItem(PLAYER_MEMORY_KEY)).toBeNull();
  });

  it('shows the song it had, paused where it was, and plays from there on Play', async () => {
    sessionStorage.setItem(PLAYER_MEMORY_KEY, JSON.stringify({ queue: songs, index: 1, position: 42 }));
    const { audio } = renderPlayer();
    const play = await within(await screen.findByRole('region', { name: 'Player' })).findByRole('button', {
      name: 'Play Noon',
    });
    expect(bar().getByText('2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(audio.getAttribute('src')).toBe(`/media/${noon.id}/preview.mp3`));
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    Object.defineProperty(audio, 'readyState', { configurable: true, value: HTMLMediaElement.HAVE_METADATA });
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(42);
    await userEvent.click(play);
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(audio.currentTime).toBe(42);
  });
});
