import { type RecordingState, TranscriptionStatus } from '@parley/contract';
import type { Db } from '../db/database.ts';
import type { MeetingChanges, MeetingRow, meetingsRepository } from '../repositories/meetings.ts';
import type { recordingsRepository } from '../repositories/recordings.ts';

/**
 * A meeting's lifecycle (docs/decisions/215-meeting-lifecycle.md): where its recording is and where its
 * transcription is. This module is the only code that writes `recording_state` and `transcription_status`
 * (and `recording_finished_by`, which says who moved a recording to finishing); every other module reads
 * them. Each move below names the states it starts from, and is written as a compare-and-set: a row
 * that is in none of them (a chunk reopened the recording, the meeting went, a transcript is complete)
 * is left as it is and the move answers false.
 */

/** A recording under way ('recording'), being put together ('finishing'), or none (null: uploaded, imported, put together). */
export type Recording = RecordingState | null;

export interface Move {
  /** The recording states the move starts from, and where it takes the recording; absent: left as it is. */
  recording?: { from: readonly Recording[]; to: Recording };
  transcription?: { from: readonly TranscriptionStatus[]; to: TranscriptionStatus };
  /** What else the move always writes. */
  also?: Partial<MeetingRow>;
}

const ANY_STATUS = TranscriptionStatus.options;

/** Every move a meeting's lifecycle makes after its row is written; nothing else changes the two states. */
export const MOVES = {
  /**
   * A chunk for a recording being put together, or finished by the server while its browser was away
   * (decision 150): the recording goes on, and its transcript is made again once it is finished.
   */
  reopen: {
    recording: { from: ['finishing', null], to: 'recording' },
    transcription: { from: ANY_STATUS, to: 'pending' },
    also: { recording_finished_by: null, transcription_progress: 0 },
  },
  /** The user's Stop; asked again, or after the server's idle finish, it is taken again. */
  stop: {
    recording: { from: ['recording', 'finishing', null], to: 'finishing' },
    also: { recording_finished_by: 'user' },
  },
  /** The worker's sweep: a recording whose browser has gone quiet. */
  idle: { recording: { from: ['recording'], to: 'finishing' }, also: { recording_finished_by: 'idle' } },
  /** The chunks became the meeting's audio: it waits to be transcribed. */
  assembled: {
    recording: { from: ['finishing'], to: null },
    transcription: { from: ANY_STATUS, to: 'pending' },
    also: { transcription_progress: 0, transcription_error: null },
  },
  /** The recording could not be put together (no chunk, or every attempt failed). */
  assemblyFailed: {
    recording: { from: ['finishing'], to: null },
    transcription: { from: ANY_STATUS, to: 'failed' },
  },
  /**
   * A recording the server finished while its browser was away, put together, whose browser did not come
   * back within RECORDING_CHUNKS_KEEP_HOURS of its last chunk, or whose recording its owner deleted: the
   * chunks it kept for that browser go with this move, and it takes no more (decision 263). Only such a
   * recording: see `close` below.
   */
  closed: { recording: { from: [null], to: null }, also: { recording_finished_by: null } },
  /** A transcription job starts (or starts again after a failed attempt); a complete transcript is kept. */
  transcriptionStarted: {
    transcription: { from: ['pending', 'processing', 'failed'], to: 'processing' },
    also: { transcription_progress: 0, transcription_error: null },
  },
  /** The transcript is written. */
  transcribed: {
    transcription: { from: ['pending', 'processing'], to: 'completed' },
    also: { transcription_progress: 100, transcription_error: null },
  },
  /** Every attempt failed; a complete transcript never turns failed. */
  transcriptionFailed: { transcription: { from: ['pending', 'processing', 'failed'], to: 'failed' } },
} as const satisfies Record<string, Move>;

export type MoveName = keyof typeof MOVES;

/** The states a meeting's row is written with, by how the meeting came. */
export const FIRST_STATES = {
  upload: { recording_state: null, transcription_status: 'pending' },
  recording: { recording_state: 'recording', recording_finished_by: null, transcription_status: 'pending' },
  import: { recording_state: null, transcription_status: 'completed' },
} as const satisfies Record<string, Partial<MeetingRow>>;

/** Whether `move` may start from the row's states (what the compare-and-set decides in the database). */
export function allows(move: MoveName, row: Pick<MeetingRow, 'recording_state' | 'transcription_status'>): boolean {
  const { recording, transcription } = MOVES[move] as Move;
  return (
    (!recording || recording.from.includes((row.recording_state ?? null) as Recording)) &&
    (!transcription || transcription.from.includes(row.transcription_status as TranscriptionStatus))
  );
}

/** What `move` always writes: its states (those it leaves as they are are absent) and what goes with them. */
function writtenBy(move: MoveName): Partial<MeetingRow> {
  const { recording, transcription, also } = MOVES[move] as Move;
  return {
    ...also,
    ...(recording ? { recording_state: recording.to } : {}),
    ...(transcription ? { transcription_status: transcription.to } : {}),
  };
}

/** The row as `move` leaves it (but for the columns a caller writes with it). */
export const moved = <Row extends Partial<MeetingRow>>(move: MoveName, row: Row): Row => ({
  ...row,
  ...writtenBy(move),
});

interface Deps {
  meetings: ReturnType<typeof meetingsRepository>;
  recordings: ReturnType<typeof recordingsRepository>;
}

export function meetingLifecycle({ meetings, recordings }: Deps) {
  /** Makes `name`'s move with `changes` beside it, if the row is in one of its starting states. */
  const move = (trx: Db, meetingId: string, name: MoveName, changes: Partial<MeetingRow> = {}) => {
    const { recording, transcription } = MOVES[name] as Move;
    return meetings.moveLifecycle(
      trx,
      meetingId,
      { recording: recording?.from, transcription: transcription?.from },
      { ...changes, ...writtenBy(name) },
    );
  };

  return {
    /** Call with the meeting's row locked (`meetings.touchRecording`). */
    reopen: (trx: Db, meetingId: string) => move(trx, meetingId, 'reopen'),

    stop: (trx: Db, meetingId: string) => move(trx, meetingId, 'stop'),

    /** Takes a recording whose last chunk came before `before`; false when a chunk came or another worker took it. */
    takeIdle: (trx: Db, meetingId: string, before: string) =>
      recordings.markIdleFinishing(trx, meetingId, before, MOVES.idle.recording.from, writtenBy('idle')),

    /**
     * Closes a recording the idle sweep finished and that was put together, whose last chunk came before
     * `before` (null: whenever; decision 263); false when a chunk reopened it, the user stopped it, or
     * another worker closed it. Waits for a chunk being written (the row's lock).
     */
    close: (trx: Db, meetingId: string, before: string | null) =>
      recordings.markClosed(trx, meetingId, before, writtenBy('closed')),

    /** Waits for a chunk being written (the row's lock); false when a chunk reopened it or it went. */
    assembled: (trx: Db, meetingId: string, audio: MeetingChanges) => move(trx, meetingId, 'assembled', audio),

    assemblyFailed: (trx: Db, meetingId: string, message: string) =>
      move(trx, meetingId, 'assemblyFailed', { transcription_error: message }),

    transcriptionStarted: (trx: Db, meetingId: string) => move(trx, meetingId, 'transcriptionStarted'),

    transcribed: (trx: Db, meetingId: string, changes: MeetingChanges) => move(trx, meetingId, 'transcribed', changes),

    transcriptionFailed: (trx: Db, meetingId: string, message: string) =>
      move(trx, meetingId, 'transcriptionFailed', { transcription_error: message }),
  };
}

export type MeetingLifecycle = ReturnType<typeof meetingLifecycle>;
