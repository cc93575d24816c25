import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../test/test-utils';
import { usePlayer } from './player-context';
import { handsOverTo, type StandbyLoad } from './player-provider';
import {
  bar,
  dawn,
  dusk,
  noon,
  playerAudio,
  playTo,
  renderPlayer,
  settle,
  standbyAudio,
  startSong,
  stubMediaElement,
  stubPlayerApi,
} from '../test/player';

let calls: RecordedRequest[];
/** The elements play() was called on, in order. */
let played: HTMLMediaElement[];

beforeAll(async () => {
  await import('./player-engine');
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  stubMediaElement();
  played = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  calls = stubPlayerApi();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const preview = (id: string) => `/media/${id}/preview.mp3`;
const playCalls = () => calls.filter((call) => call.path.endsWith('/play')).map((call) => call.path.split('/')[3]);

/** The queue edits of the queue panel, as buttons. */
function QueueEdits() {
  const player = usePlayer();
  return (
    <>
      <button onClick={() => player.removeFromQueue(player.index + 1)}>Remove next</button>
      <button onClick={() => player.moveInQueue(player.index + 1, player.index + 2)}>Move next down</button>
    </>
  );
}

/** Waits until the next song is loaded ahead in the standby element. */
async function untilStandbyHolds(id: string) {
  await waitFor(() => expect(standbyAudio().getAttribute('src')).toBe(preview(id)));
  await settle();
}

describe('gapless playback', () => {
  it('loads the next song ahead and starts it inside the first one’s ended event; the elements swap roles', async () => {
    renderPlayer([dawn, noon, dusk]);
    await startSong('Dawn');
    const first = playerAudio();
    await untilStandbyHolds(noon.id);
    const second = standbyAudio();
    expect(second).not.toBe(first);
    expect(played).not.toContain(second);

    played = [];
    act(() => {
      playTo(first, 200);
      fireEvent.ended(first);
      // Started in the event itself, not after a render or a fetch.
      expect(played).toEqual([second]);
    });
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(playerAudio()).toBe(second);
    expect(bar().getByText('2 of 3')).toBeInTheDocument();
    // The song after is loaded ahead in the element just freed; Noon's answer was not asked for again.
    await untilStandbyHolds(dusk.id);
    expect(standbyAudio()).toBe(first);
    expect(playCalls()).toEqual([dawn.id, noon.id, dusk.id]);
  });

  it('steps on once per end: an ended event of the element left behind does nothing', async () => {
    renderPlayer([dawn, noon, dusk]);
    await startSong('Dawn');
    const first = playerAudio();
    await untilStandbyHolds(noon.id);
    fireEvent.ended(first);
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    fireEvent.ended(first);
    await settle();
    expect(bar().getByText('2 of 3')).toBeInTheDocument();
    expect(bar().getByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
  });

  it('hands over on Next as well, and a song chosen elsewhere loads as before', async () => {
    renderPlayer([dawn, noon, dusk]);
    await startSong('Dawn');
    await untilStandbyHolds(noon.id);
    const second = standbyAudio();
    fireEvent.click(bar().getByRole('button', { name: 'Next song' }));
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(playerAudio()).toBe(second);
    await untilStandbyHolds(dusk.id);
    fireEvent.click(bar().getByRole('button', { name: 'Previous song' }));
    expect(await bar().findByRole('button', { name: 'Pause Dawn' })).toBeInTheDocument();
    // Dawn was not ahead: it loads in the element playing; the standby one lets Dusk go and takes Noon.
    expect(playerAudio()).toBe(second);
    expect(playerAudio().getAttribute('src')).toBe(preview(dawn.id));
    await untilStandbyHolds(noon.id);
  });

  it('drops the song loaded ahead when a queue edit changes what comes next', async () => {
    const fourth = { ...dusk, id: '00000000-0000-4000-8000-000000000104', title: 'Midnight' };
    renderPlayer([dawn, noon, dusk, fourth], <QueueEdits />);
    await startSong('Dawn');
    await untilStandbyHolds(noon.id);
    fireEvent.click(screen.getByRole('button', { name: 'Move next down' }));
    await untilStandbyHolds(dusk.id);
    fireEvent.click(screen.getByRole('button', { name: 'Remove next' }));
    await untilStandbyHolds(noon.id);
    fireEvent.ended(playerAudio());
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(bar().getByText('2 of 3')).toBeInTheDocument();
  });

  it('lets go of the song ahead when the player closes, and loads nothing after the last song', async () => {
    renderPlayer([dawn, noon]);
    await startSong('Dawn');
    await untilStandbyHolds(noon.id);
    fireEvent.click(bar().getByRole('button', { name: 'Next song' }));
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    await settle();
    expect(standbyAudio().getAttribute('src')).toBeNull();
    fireEvent.click(bar().getByRole('button', { name: 'Close player' }));
    await settle();
    expect(playerAudio().getAttribute('src')).toBeNull();
    expect(standbyAudio().getAttribute('src')).toBeNull();
  });

  it('hands a preview over at its playable end too', async () => {
    calls = stubPlayerApi({ answers: { [dawn.id]: { full: false, playableSeconds: 30, duration: 200 } } });
    renderPlayer([dawn, noon]);
    await startSong('Dawn');
    const first = playerAudio();
    await untilStandbyHolds(noon.id);
    const second = standbyAudio();
    playTo(first, 30);
    expect(await bar().findByRole('button', { name: 'Pause Noon' })).toBeInTheDocument();
    expect(playerAudio()).toBe(second);
  });
});

describe('handsOverTo', () => {
  const element = document.createElement('audio');
  const standby: StandbyLoad = {
    songId: noon.id,
    element,
    answer: { full: true, hls: null, dash: null, preview: null, duration: 1, playableSeconds: 1, gainDb: 0 },
    release: () => {},
  };
  it('is true only for the song loaded in the standby element', () => {
    expect(handsOverTo(standby, element, noon)).toBe(true);
    expect(handsOverTo(standby, element, dusk)).toBe(false);
    expect(handsOverTo(standby, document.createElement('audio'), noon)).toBe(false);
    expect(handsOverTo(null, element, noon)).toBe(false);
    expect(handsOverTo(standby, element, undefined)).toBe(false);
  });
});
