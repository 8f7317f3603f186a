import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  initialRecorderState,
  type RecorderState,
  recorderErrorMessage,
  recorderReducer,
} from '../lib/recorder-machine';
import { MICROPHONE_CONSTRAINTS, pickRecordingMimeType, RECORDER_SETTINGS } from '../lib/recording-format';
import { captureTabAudio, mixCall } from '../lib/tab-audio';

/** What became of the browser tab asked for with the microphone (a call, docs/decisions/250). */
export type TabNotice = 'no-audio' | 'ended' | null;

export interface StartOptions {
  /** Record a browser tab's audio on the right channel, the microphone on the left. */
  includeTab?: boolean;
}

export interface RecorderControls {
  state: RecorderState;
  /** The tab chosen shares no sound, or its sharing stopped: the microphone records alone. */
  tabNotice: TabNotice;
  start: (options?: StartOptions) => Promise<void>;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  /** Re-record: back to idle, the recording and its URL dropped. */
  clear: () => void;
}

/** Turns the microphone (and a shared tab) off: the browser's recording indicator goes. */
const stopTracks = (...streams: (MediaStream | null)[]) => {
  for (const stream of streams) for (const track of stream?.getTracks() ?? []) track.stop();
};

function supportsType(type: string): boolean {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type);
}

/** What the recording is doing, for whoever sends it to the server as it is made (chunked-upload.ts). */
export interface RecorderEvents {
  /** 'call': the microphone left, a tab's audio right; 'microphone': the microphone alone. */
  onStart?: (mimeType: string, source: 'microphone' | 'call') => void;
  /** A piece of the recording, every RECORDER_SETTINGS.timesliceMs while recording. */
  onData?: (data: Blob) => void;
  onStop?: () => void;
  /** The recording reached `limitMs` and stopped itself (what was recorded up to it is kept). */
  onLimit?: () => void;
}

export interface RecorderOptions extends RecorderEvents {
  /** The most this recording may last (the month's time left); it stops itself there. */
  limitMs?: number;
}

/**
 * The browser side of the recorder: microphone (and a shared tab), MediaRecorder and the one-second
 * timer. Every state change goes through recorderReducer. The inputs (microphone, tab, their mix) and
 * the timer are released on stop, on clear, and when the component using the hook goes away.
 */
export function useRecorder(events: RecorderOptions = {}): RecorderControls {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const [tabNotice, setTabNotice] = useState<TabNotice>(null);
  /** Stops every track the recording holds (microphone, tab) and its audio graph. */
  const releaseRef = useRef<(() => void) | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const urlRef = useRef<string | null>(null);
  const unmountedRef = useRef(false);
  // Recorded time outside the current stretch, and when that stretch began: where the limit falls.
  const elapsedRef = useRef({ beforeMs: 0, stretchStartedAt: 0 });
  const limitTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTimer = useCallback(() => {
    if (timerRef.current !== null) clearInterval(timerRef.current);
    timerRef.current = null;
    if (limitTimerRef.current !== null) clearTimeout(limitTimerRef.current);
    limitTimerRef.current = null;
    const elapsed = elapsedRef.current;
    if (elapsed.stretchStartedAt) {
      elapsedRef.current = { beforeMs: elapsed.beforeMs + Date.now() - elapsed.stretchStartedAt, stretchStartedAt: 0 };
    }
  }, []);

  const startTimer = useCallback(() => {
    stopTimer();
    elapsedRef.current = { ...elapsedRef.current, stretchStartedAt: Date.now() };
    timerRef.current = setInterval(() => dispatch({ type: 'tick', at: Date.now() }), RECORDER_SETTINGS.tickMs);
    const limitMs = eventsRef.current.limitMs;
    if (limitMs !== undefined) {
      // At the limit the recorder stops as Stop would: everything up to it is kept and sent.
      limitTimerRef.current = setTimeout(
        () => {
          const recorder = recorderRef.current;
          if (recorder?.state !== 'recording') return;
          stopTimer();
          recorder.stop();
          eventsRef.current.onLimit?.();
        },
        Math.max(0, limitMs - elapsedRef.current.beforeMs),
      );
    }
  }, [stopTimer]);

  const releaseInputs = useCallback(() => {
    releaseRef.current?.();
    releaseRef.current = null;
  }, []);

  const revokeUrl = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  const start = useCallback(
    async ({ includeTab = false }: StartOptions = {}) => {
      if (recorderRef.current) return;
      setTabNotice(null);
      let tab: MediaStream | null = null;
      try {
        // The tab first, while the click still counts as the person's gesture (getDisplayMedia needs it).
        if (includeTab) {
          tab = await captureTabAudio();
          if (!tab) setTabNotice('no-audio');
        }
        if (!navigator.mediaDevices?.getUserMedia) {
          // Browsers only expose the microphone to secure pages: a self-hosted server on plain HTTP
          // (other than localhost) lands here.
          throw new Error(
            window.isSecureContext === false
              ? 'the microphone needs a secure connection (HTTPS or localhost)'
              : 'this browser cannot record audio',
          );
        }
        const microphone = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
        let stream = microphone;
        releaseRef.current = () => stopTracks(microphone, tab);
        if (unmountedRef.current) {
          releaseInputs();
          return;
        }
        if (tab) {
          const call = mixCall(microphone, tab);
          releaseRef.current = call.release;
          stream = call.stream;
          // The right channel goes silent; the microphone goes on (the person stopped sharing the tab).
          for (const track of tab.getAudioTracks())
            track.addEventListener('ended', () => {
              if (recorderRef.current && !unmountedRef.current) setTabNotice('ended');
            });
        }
        const mimeType = pickRecordingMimeType(supportsType);
        const recorder = new MediaRecorder(stream, {
          ...(mimeType ? { mimeType } : {}),
          audioBitsPerSecond: RECORDER_SETTINGS.audioBitsPerSecond,
        });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => {
          if (event.data.size === 0) return;
          chunks.push(event.data);
          eventsRef.current.onData?.(event.data);
        };
        recorder.onstop = () => {
          eventsRef.current.onStop?.();
          recorderRef.current = null;
          stopTimer();
          releaseInputs();
          if (unmountedRef.current) return;
          const type = recorder.mimeType || mimeType || chunks[0]?.type || 'audio/webm';
          const blob = new Blob(chunks, { type });
          revokeUrl();
          const url = URL.createObjectURL(blob);
          urlRef.current = url;
          dispatch({ type: 'stopped', at: Date.now(), recording: { blob, url, mimeType: type } });
        };
        recorderRef.current = recorder;
        elapsedRef.current = { beforeMs: 0, stretchStartedAt: 0 };
        eventsRef.current.onStart?.(recorder.mimeType || mimeType || 'audio/webm', tab ? 'call' : 'microphone');
        recorder.start(RECORDER_SETTINGS.timesliceMs);
        dispatch({ type: 'started', at: Date.now() });
        startTimer();
      } catch (error) {
        recorderRef.current = null;
        stopTimer();
        stopTracks(tab);
        releaseInputs();
        if (!unmountedRef.current) dispatch({ type: 'startFailed', error: recorderErrorMessage(error) });
      }
    },
    [releaseInputs, revokeUrl, startTimer, stopTimer],
  );

  const pause = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder?.state !== 'recording') return;
    recorder.pause();
    stopTimer();
    dispatch({ type: 'paused', at: Date.now() });
  }, [stopTimer]);

  const resume = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder?.state !== 'paused') return;
    recorder.resume();
    dispatch({ type: 'resumed', at: Date.now() });
    startTimer();
  }, [startTimer]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    stopTimer();
    if (recorder && recorder.state !== 'inactive')
      recorder.stop(); // onstop finishes the job
    else releaseInputs();
  }, [releaseInputs, stopTimer]);

  /** Drops the recording without finishing it (its onstop detached) and releases all it held. */
  const discard = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.stop();
    }
    recorderRef.current = null;
    stopTimer();
    releaseInputs();
    revokeUrl();
    setTabNotice(null);
  }, [releaseInputs, revokeUrl, stopTimer]);

  const clear = useCallback(() => {
    discard();
    dispatch({ type: 'cleared' });
  }, [discard]);

  useEffect(() => {
    unmountedRef.current = false;
    return () => {
      unmountedRef.current = true;
      discard();
    };
  }, [discard]);

  return { state, tabNotice, start, pause, resume, stop, clear };
}
