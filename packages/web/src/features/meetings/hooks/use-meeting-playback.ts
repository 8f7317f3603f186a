import { useCallback, useEffect, useRef, useState } from 'react';

export interface MeetingPlayback {
  audioRef: React.RefObject<HTMLAudioElement | null>;
  positionMs: number;
  playing: boolean;
  /** Jump to `ms` and play. */
  seek: (ms: number) => void;
  /** Set when the browser refused to start playback by itself: the start position (seconds). */
  waitingForGesture: number | null;
  /** Handlers for the `<audio>` element. */
  audioProps: Pick<
    React.AudioHTMLAttributes<HTMLAudioElement>,
    'onTimeUpdate' | 'onPlay' | 'onPause' | 'onEnded' | 'onLoadedMetadata' | 'onSeeked'
  >;
}

/** play() as a promise in every browser (old ones return nothing, some throw synchronously). */
function tryPlay(audio: HTMLAudioElement): Promise<void> {
  try {
    return Promise.resolve(audio.play());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Playback state for the meeting's audio. `startAtSeconds` (the `?t=` parameter) seeks there once the
 * audio's metadata is known and tries to play; when the browser blocks autoplay with sound, playback
 * starts on the user's first click or key press instead, from the same position.
 * `navigation` names the visit that asked for it (the router's location key): a link to the meeting
 * already open (a citation, a search hit) seeks again even when its `?t=` is the one applied before,
 * since playback has moved on since.
 */
export function useMeetingPlayback(startAtSeconds: number | null, navigation = ''): MeetingPlayback {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [positionMs, setPositionMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [waitingForGesture, setWaitingForGesture] = useState<number | null>(null);
  const appliedStartRef = useRef<string | null>(null);
  const [metadataReady, setMetadataReady] = useState(false);

  const seek = useCallback((ms: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = Math.max(0, ms / 1000);
    setPositionMs(Math.max(0, ms));
    setWaitingForGesture(null);
    tryPlay(audio).catch(() => {
      // Not playable yet or refused: the position is set, the user can press play.
    });
  }, []);

  useEffect(() => {
    const audio = audioRef.current;
    const request = `${navigation} ${startAtSeconds}`;
    if (!audio || !metadataReady || startAtSeconds === null || appliedStartRef.current === request) return;
    appliedStartRef.current = request;
    const start = Math.min(startAtSeconds, Number.isFinite(audio.duration) ? audio.duration : startAtSeconds);
    audio.currentTime = start;
    setPositionMs(start * 1000);
    tryPlay(audio).catch((error: unknown) => {
      if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      setWaitingForGesture(start);
    });
  }, [metadataReady, startAtSeconds, navigation]);

  useEffect(() => {
    if (waitingForGesture === null) return;
    const onGesture = (event: Event) => {
      const audio = audioRef.current;
      setWaitingForGesture(null);
      // Space is the player's own play/pause shortcut: playing here too would toggle twice.
      if (event instanceof KeyboardEvent && event.key === ' ') return;
      if (audio?.paused) tryPlay(audio).catch(() => {});
    };
    document.addEventListener('pointerdown', onGesture, { once: true, capture: true });
    document.addEventListener('keydown', onGesture, { once: true, capture: true });
    return () => {
      document.removeEventListener('pointerdown', onGesture, { capture: true });
      document.removeEventListener('keydown', onGesture, { capture: true });
    };
  }, [waitingForGesture]);

  const readPosition = useCallback(() => {
    const audio = audioRef.current;
    if (audio) setPositionMs(audio.currentTime * 1000);
  }, []);

  return {
    audioRef,
    positionMs,
    playing,
    seek,
    waitingForGesture,
    audioProps: {
      onTimeUpdate: readPosition,
      onSeeked: readPosition,
      onPlay: () => {
        setPlaying(true);
        setWaitingForGesture(null);
      },
      onPause: () => setPlaying(false),
      onEnded: () => setPlaying(false),
      onLoadedMetadata: () => setMetadataReady(true),
    },
  };
}
