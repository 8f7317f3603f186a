import { describe, expect, it } from 'vitest';
import {
  initialRecorderState,
  type RecorderEvent,
  type RecorderState,
  recorderErrorMessage,
  recorderReducer,
} from './recorder-machine';

const recording = { blob: new Blob(['x'], { type: 'audio/webm' }), url: 'blob:1', mimeType: 'audio/webm' };
const run = (events: RecorderEvent[], from: RecorderState = initialRecorderState) =>
  events.reduce(recorderReducer, from);

describe('recorder state machine', () => {
  it('goes idle → recording → paused → recording → stopped', () => {
    let state = run([{ type: 'started', at: 0 }]);
    expect(state.status).toBe('recording');
    state = run([{ type: 'paused', at: 2_500 }], state);
    expect(state).toMatchObject({ status: 'paused', duration: 2 });
    state = run([{ type: 'resumed', at: 10_000 }], state);
    expect(state.status).toBe('recording');
    state = run([{ type: 'stopped', at: 12_600, recording }], state);
    expect(state).toMatchObject({ status: 'stopped', duration: 5, recording });
  });

  it('counts whole seconds on each tick and leaves paused time out', () => {
    let state = run([
      { type: 'started', at: 1_000 },
      { type: 'tick', at: 2_000 },
      { type: 'tick', at: 3_000 },
    ]);
    expect(state.duration).toBe(2);
    state = run(
      [
        { type: 'paused', at: 3_400 },
        { type: 'tick', at: 60_000 }, // the timer is off while paused; a stray tick changes nothing
        { type: 'resumed', at: 60_000 },
        { type: 'tick', at: 61_000 },
      ],
      state,
    );
    expect(state.duration).toBe(3);
  });

  it('ignores transitions the spec does not allow', () => {
    expect(run([{ type: 'paused', at: 1 }])).toEqual(initialRecorderState);
    expect(run([{ type: 'resumed', at: 1 }])).toEqual(initialRecorderState);
    expect(run([{ type: 'stopped', at: 1, recording }])).toEqual(initialRecorderState);
    const recordingState = run([{ type: 'started', at: 0 }]);
    expect(run([{ type: 'resumed', at: 5 }], recordingState)).toBe(recordingState);
    expect(run([{ type: 'started', at: 5 }], recordingState)).toBe(recordingState);
  });

  it('stops from paused too', () => {
    const state = run([
      { type: 'started', at: 0 },
      { type: 'paused', at: 4_000 },
      { type: 'stopped', at: 9_000, recording },
    ]);
    expect(state).toMatchObject({ status: 'stopped', duration: 4 });
  });

  it('Re-record (cleared) returns to idle: no recording, zero duration, no error', () => {
    const stopped = run([
      { type: 'started', at: 0 },
      { type: 'stopped', at: 3_000, recording },
    ]);
    expect(run([{ type: 'cleared' }], stopped)).toEqual(initialRecorderState);
  });

  it('a failed start is idle with the message; the next start clears it', () => {
    const failed = run([
      { type: 'startFailed', error: 'No microphone found. Please connect a microphone and try again.' },
    ]);
    expect(failed).toMatchObject({ status: 'idle', error: expect.stringContaining('No microphone') });
    expect(run([{ type: 'started', at: 0 }], failed).error).toBeNull();
  });
});

describe('recorder error messages (spec section 8)', () => {
  it.each([
    [
      new DOMException('denied', 'NotAllowedError'),
      'Microphone permission denied. Please allow microphone access to record.',
    ],
    [{ name: 'PermissionDeniedError' }, 'Microphone permission denied. Please allow microphone access to record.'],
    [new DOMException('none', 'NotFoundError'), 'No microphone found. Please connect a microphone and try again.'],
    [{ name: 'DevicesNotFoundError' }, 'No microphone found. Please connect a microphone and try again.'],
    [new Error('device busy'), 'Failed to start recording: device busy'],
    [new Error(''), 'Failed to start recording. Please try again.'],
    [undefined, 'Failed to start recording. Please try again.'],
  ])('%s → %s', (error, message) => {
    expect(recorderErrorMessage(error)).toBe(message);
  });
});
