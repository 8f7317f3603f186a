// The recorder of spec section 4 as a pure reducer: the hook (use-recorder.ts) owns the browser
// objects (stream, MediaRecorder, timer) and reports what happened; this module decides the state.

export type RecorderStatus = 'idle' | 'recording' | 'paused' | 'stopped';

export interface Recording {
  blob: Blob;
  /** A local object URL for playback before upload. */
  url: string;
  mimeType: string;
}

export interface RecorderState {
  status: RecorderStatus;
  /** Whole seconds recorded, paused time excluded. */
  duration: number;
  /** Milliseconds recorded before the current recording stretch began. */
  elapsedBeforeMs: number;
  /** When the current recording stretch began (ms timestamp), or null while not recording. */
  stretchStartedAt: number | null;
  recording: Recording | null;
  error: string | null;
}

export type RecorderEvent =
  | { type: 'started'; at: number }
  | { type: 'startFailed'; error: string }
  | { type: 'paused'; at: number }
  | { type: 'resumed'; at: number }
  | { type: 'tick'; at: number }
  | { type: 'stopped'; at: number; recording: Recording }
  | { type: 'cleared' };

export const initialRecorderState: RecorderState = {
  status: 'idle',
  duration: 0,
  elapsedBeforeMs: 0,
  stretchStartedAt: null,
  recording: null,
  error: null,
};

function elapsedMs(state: RecorderState, at: number): number {
  const running = state.stretchStartedAt === null ? 0 : Math.max(0, at - state.stretchStartedAt);
  return state.elapsedBeforeMs + running;
}

const wholeSeconds = (ms: number) => Math.floor(ms / 1000);

export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'started':
      if (state.status !== 'idle') return state;
      return { ...initialRecorderState, status: 'recording', stretchStartedAt: event.at };
    case 'startFailed':
      // Spec section 8: whatever went wrong, the recorder is back to idle with the message.
      return { ...initialRecorderState, error: event.error };
    case 'paused': {
      if (state.status !== 'recording') return state;
      const total = elapsedMs(state, event.at);
      return {
        ...state,
        status: 'paused',
        elapsedBeforeMs: total,
        stretchStartedAt: null,
        duration: wholeSeconds(total),
      };
    }
    case 'resumed':
      if (state.status !== 'paused') return state;
      return { ...state, status: 'recording', stretchStartedAt: event.at };
    case 'tick':
      if (state.status !== 'recording') return state;
      return { ...state, duration: wholeSeconds(elapsedMs(state, event.at)) };
    case 'stopped': {
      if (state.status !== 'recording' && state.status !== 'paused') return state;
      const total = elapsedMs(state, event.at);
      return {
        ...state,
        status: 'stopped',
        elapsedBeforeMs: total,
        stretchStartedAt: null,
        duration: wholeSeconds(total),
        recording: event.recording,
      };
    }
    case 'cleared':
      return initialRecorderState;
  }
}

/** Spec section 8's recorder messages, from whatever getUserMedia or MediaRecorder threw. */
export function recorderErrorMessage(error: unknown): string {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  const message = error && typeof error === 'object' && 'message' in error ? String(error.message).trim() : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return 'Microphone permission denied. Please allow microphone access to record.';
  }
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') {
    return 'No microphone found. Please connect a microphone and try again.';
  }
  if (message) return `Failed to start recording: ${message}`;
  return 'Failed to start recording. Please try again.';
}
