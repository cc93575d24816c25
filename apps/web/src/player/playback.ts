import type { PlaybackAnswer } from '@hfm/shared';

export type PlaybackChoice = { kind: 'hls' | 'dash' | 'preview'; url: string };

export const HLS_MIME = 'application/vnd.apple.mpegurl';

/** HLS where the browser plays it natively and has no media source; else the DASH manifest; else the preview. */
export function choosePlayback(sources: PlaybackAnswer, nativeHls: boolean): PlaybackChoice | null {
  if (nativeHls && sources.hls) return { kind: 'hls', url: sources.hls };
  if (sources.dash) return { kind: 'dash', url: sources.dash };
  if (sources.preview) return { kind: 'preview', url: sources.preview };
  return null;
}

/**
 * Native HLS only where there is no MediaSource for shaka-player (the iPhone). Chromium plays HLS natively
 * too now (it answers "maybe"), but its native HLS ignores the init segment's edit list, so every song
 * started with the AAC encoder's 23 ms of priming; its media source applies the edit list (decision 0055).
 */
export function prefersNativeHls(audio: HTMLMediaElement): boolean {
  return audio.canPlayType(HLS_MIME) !== '' && typeof window.MediaSource === 'undefined';
}

/** Points the audio element at the choice; DASH loads shaka-player only now. Answers how to let go of it. */
export async function attachPlayback(
  audio: HTMLAudioElement,
  choice: PlaybackChoice,
  fallbackUrl: string | null,
): Promise<() => void> {
  if (choice.kind !== 'dash') {
    audio.src = choice.url;
    return () => audio.removeAttribute('src');
  }
  try {
    const { default: shaka } = await import('shaka-player/dist/shaka-player.dash.js');
    shaka.polyfill.installAll();
    if (!shaka.Player.isBrowserSupported()) throw new Error('This browser cannot play DASH.');
    const player = new shaka.Player();
    await player.attach(audio);
    await player.load(choice.url);
    return () => void player.destroy();
  } catch (error) {
    console.warn('DASH playback failed; playing the preview instead.', error);
    if (!fallbackUrl) throw error;
    audio.src = fallbackUrl;
    return () => audio.removeAttribute('src');
  }
}
