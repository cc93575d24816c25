import { useEffect, useEffectEvent, useState } from 'react';
import { watchForEnd } from './hand-over';
import { ListenTracker } from './listen-tracker';
import type { Player } from './player-context';
import type { EngineRefs } from './player-engine';
import { handsOverTo } from './player-provider';

export interface PlaybackTime {
  /** Seconds into the song. */
  current: number;
  /** The loaded media's length (a preview file's own length for previews); 0 until known. */
  duration: number;
}

interface ClockInput extends Pick<EngineRefs, 'audioRef' | 'standbyRef' | 'linkRef'> {
  player: Player;
  /** Changes when the elements swap roles: audioRef then names the other element. */
  slot: number;
  /** Changes with every load (null while loading): a new play starts counting from nothing. */
  loadKey: object | null;
  /** How much of the song this listener may hear (null while not known), for the listen threshold. */
  playableSeconds: number | null;
  onListen: (songId: string) => void;
}

/**
 * Follows the audio element: the time shown, the end of a song or the stop at a preview's end (then on to the
 * next song in the queue, once per load), and the seconds really heard, which make a listen once they reach LISTEN_COUNTS_AFTER_SECONDS.
 */
export function usePlaybackClock({
  audioRef,
  standbyRef,
  linkRef,
  player,
  slot,
  loadKey,
  playableSeconds,
  onListen,
}: ClockInput) {
  const [time, setTime] = useState<PlaybackTime & { key: object | null }>({ key: null, current: 0, duration: 0 });

  const tick = useEffectEvent((audio: HTMLAudioElement, play: OnePlay, ended: boolean) => {
    const end = linkRef.current.playableEnd;
    const playing = ended || player.state === 'playing';
    if (play.tracker.advance(audio.currentTime, playing) && player.song) onListen(player.song.id);
    setTime({ key: loadKey, current: Math.min(audio.currentTime, end ?? Infinity), duration: audio.duration || 0 });
    // A preview stops at its playable seconds even when the file runs longer.
    const previewEnd = end !== null && audio.currentTime >= end && player.state === 'playing';
    // One end, one step on: a preview file as long as its playable seconds reaches both ends, and an ended
    // event from the song before may come after the step (the load is then still under way: no loadKey).
    if (!(ended || previewEnd) || play.stopped || !loadKey) return;
    play.stopped = true;
    if (!ended) audio.pause();
    if (player.index < player.queue.length - 1) player.next();
  });

  /** A song heard to its end (not a preview's stop) whose next song is loaded ahead, ready to take over. */
  const canHandOver = useEffectEvent(
    () =>
      loadKey !== null &&
      linkRef.current.playableEnd === null &&
      handsOverTo(linkRef.current.standby, standbyRef.current, player.queue[player.index + 1]),
  );
  const handOver = useEffectEvent((play: OnePlay) => {
    if (play.stopped) return;
    play.stopped = true;
    player.next();
  });

  useEffect(() => {
    const audio = audioRef.current;
    const link = linkRef.current;
    if (!audio) return;
    const play: OnePlay = { tracker: new ListenTracker(loadKey ? playableSeconds : null), stopped: false };
    link.onSeek = () => {
      play.tracker.seeked();
      play.stopped = false;
    };
    const onTime = () => tick(audio, play, false);
    const onEnded = () => tick(audio, play, true);
    const onSeeking = () => {
      link.onSeek();
      tick(audio, play, false);
    };
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('durationchange', onTime);
    audio.addEventListener('seeking', onSeeking);
    audio.addEventListener('ended', onEnded);
    const stopWatching = watchForEnd(audio, canHandOver, () => handOver(play));
    return () => {
      stopWatching();
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('durationchange', onTime);
      audio.removeEventListener('seeking', onSeeking);
      audio.removeEventListener('ended', onEnded);
    };
  }, [audioRef, standbyRef, linkRef, slot, loadKey, playableSeconds]);

  return time.key === loadKey ? { current: time.current, duration: time.duration } : { current: 0, duration: 0 };
}

/** One load of a song: what was heard of it, and whether it has ended (or stopped at its preview's end). */
interface OnePlay {
  tracker: ListenTracker;
  stopped: boolean;
}
