import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  initialRecorderState,
  type RecorderState,
  recorderErrorMessage,
  recorderReducer,
} from '../lib/recorder-machine';
import { MICROPHONE_CONSTRAINTS, pickRecordingMimeType, RECORDER_SETTINGS } from '../lib/recording-format';

export interface RecorderControls {
  state: RecorderState;
  start: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  /** Re-record: back to idle, the recording and its URL dropped. */
  clear: () => void;
}

function supportsType(type: string): boolean {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type);
}

/** What the recording is doing, for whoever sends it to the server as it is made (chunked-upload.ts). */
export interface RecorderEvents {
  onStart?: (mimeType: string) => void;
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
 * The browser side of the recorder: microphone, MediaRecorder and the one-second timer. Every
 * state change goes through recorderReducer. The microphone and the timer are released on stop,
 * on clear, and when the component using the hook goes away.
 */
export function useRecorder(events: RecorderOptions = {}): RecorderControls {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const streamRef = useRef<MediaStream | null>(null);
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

  const releaseMicrophone = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const revokeUrl = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  const start = useCallback(async () => {
    if (recorderRef.current) return;
    try {
      if (!navigator.mediaDevices?.getUserMedia) {
        // Browsers only expose the microphone to secure pages: a self-hosted server on plain HTTP
        // (other than localhost) lands here.
        throw new Error(
          window.isSecureContext === false
            ? 'the microphone needs a secure connection (HTTPS or localhost)'
            : 'this browser cannot record audio',
        );
      }
      const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
      if (unmountedRef.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      streamRef.current = stream;
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
        releaseMicrophone();
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
      eventsRef.current.onStart?.(recorder.mimeType || mimeType || 'audio/webm');
      recorder.start(RECORDER_SETTINGS.timesliceMs);
      dispatch({ type: 'started', at: Date.now() });
      startTimer();
    } catch (error) {
      recorderRef.current = null;
      stopTimer();
      releaseMicrophone();
      if (!unmountedRef.current) dispatch({ type: 'startFailed', error: recorderErrorMessage(error) });
    }
  }, [releaseMicrophone, revokeUrl, startTimer, stopTimer]);

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
    else releaseMicrophone();
  }, [releaseMicrophone, stopTimer]);

  const clear = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.stop();
    }
    recorderRef.current = null;
    stopTimer();
    releaseMicrophone();
    revokeUrl();
    dispatch({ type: 'cleared' });
  }, [releaseMicrophone, revokeUrl, stopTimer]);

  useEffect(() => {
    unmountedRef.current = false;
    return () => {
      unmountedRef.current = true;
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
      recorderRef.current = null;
      stopTimer();
      releaseMicrophone();
      revokeUrl();
    };
  }, [releaseMicrophone, revokeUrl, stopTimer]);

  return { state, start, pause, resume, stop, clear };
}
