import { fetchPlaySources } from '../api/songs/get-play-sources';
import { attachPlayback, prefersNativeHls, choosePlayback } from '../player/playback';
import { clock, type EmbedData } from './embed-data';

/** The parts of the server-drawn player the script brings to life. */
interface Parts {
  play: HTMLButtonElement;
  now: HTMLElement;
  mode: HTMLElement;
  progress: HTMLElement;
  bar: HTMLElement;
  time: HTMLElement;
  audio: HTMLAudioElement;
  tracks: HTMLButtonElement[];
}

function findParts(root: HTMLElement): Parts | null {
  const one = <T extends Element>(selector: string) => root.querySelector<T>(selector);
  const parts = {
    play: one<HTMLButtonElement>('.embed__play'),
    now: one<HTMLElement>('.embed__now'),
    mode: one<HTMLElement>('.embed__mode'),
    progress: one<HTMLElement>('.embed__progress'),
    bar: one<HTMLElement>('.embed__progress-bar'),
    time: one<HTMLElement>('.embed__time'),
    audio: one<HTMLAudioElement>('.embed__audio'),
  };
  if (Object.values(parts).some((part) => part === null)) return null;
  return {
    ...(parts as Omit<Parts, 'tracks'>),
    tracks: [...root.querySelectorAll<HTMLButtonElement>('.embed__track')],
  };
}

/**
 * The embed's player: one song at a time, the next one after it ends (large), each asked for as the listener
 * (GET /api/songs/{id}/play): a preview unless the browser sends the session cookie of a subscriber.
 */
export function startEmbedPlayer(root: HTMLElement, data: EmbedData): void {
  const found = findParts(root);
  if (!found) return;
  const parts: Parts = found;
  const { audio } = parts;
  let index = 0;
  let loaded = -1;
  let release: (() => void) | null = null;

  const show = (state: 'playing' | 'paused' | 'loading') => {
    parts.play.dataset.state = state;
    const title = data.tracks[index]!.title;
    parts.play.setAttribute('aria-label', `${state === 'paused' ? 'Play' : 'Pause'} ${title}`);
  };

  async function load(next: number): Promise<void> {
    release?.();
    release = null;
    index = next;
    const track = data.tracks[index]!;
    parts.now.textContent = track.title;
    parts.tracks.forEach((button, i) => button.toggleAttribute('aria-current', i === index));
    show('loading');
    const sources = await fetchPlaySources(track.id);
    const choice = choosePlayback(sources, prefersNativeHls(audio));
    if (!choice) throw new Error('This song cannot be played right now.');
    parts.mode.textContent = sources.full ? 'Full song' : 'Preview';
    root.dataset.playing = sources.full ? 'full' : 'preview';
    release = await attachPlayback(audio, choice, sources.preview);
    loaded = index;
  }

  async function playTrack(next: number): Promise<void> {
    try {
      if (loaded !== next) await load(next);
      await audio.play();
    } catch {
      show('paused');
      parts.mode.textContent = 'This song cannot play right now';
    }
  }

  parts.play.addEventListener('click', () => {
    if (audio.paused) void playTrack(index);
    else audio.pause();
  });
  parts.tracks.forEach((button, i) => button.addEventListener('click', () => void playTrack(i)));
  audio.addEventListener('playing', () => show('playing'));
  audio.addEventListener('pause', () => show('paused'));
  audio.addEventListener('timeupdate', () => {
    const length = Number.isFinite(audio.duration) ? audio.duration : (data.tracks[index]!.duration ?? 0);
    const percent = length > 0 ? Math.min(100, (audio.currentTime / length) * 100) : 0;
    parts.bar.style.width = `${percent}%`;
    parts.progress.setAttribute('aria-valuenow', String(Math.round(percent)));
    parts.time.textContent = clock(audio.currentTime);
  });
  audio.addEventListener('ended', () => {
    if (index + 1 < data.tracks.length) void playTrack(index + 1);
    else show('paused');
  });
}
