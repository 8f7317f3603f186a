import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allows, MOVES, moved } from './meeting-lifecycle.ts';

const row = (recording_state: string | null, transcription_status: string) => ({
  recording_state,
  transcription_status,
});

describe("the meeting's lifecycle", () => {
  it('refuses the moves its table does not name', () => {
    // A complete transcript is never started again nor failed by a late job.
    expect(allows('transcriptionStarted', row(null, 'completed'))).toBe(false);
    expect(allows('transcriptionFailed', row(null, 'completed'))).toBe(false);
    expect(allows('transcribed', row(null, 'failed'))).toBe(false);
    // A recording under way is never put together, nor one that is not being finished.
    expect(allows('assembled', row('recording', 'pending'))).toBe(false);
    expect(allows('assemblyFailed', row(null, 'completed'))).toBe(false);
    // Only a recording takes the idle sweep; only a finishing or idle-finished one is reopened.
    expect(allows('idle', row('finishing', 'pending'))).toBe(false);
    expect(allows('reopen', row('recording', 'pending'))).toBe(false);
    // A recording under way or being put together is never closed (its chunks are its only audio).
    expect(allows('closed', row('recording', 'pending'))).toBe(false);
    expect(allows('closed', row('finishing', 'pending'))).toBe(false);
  });

  it('allows the moves a meeting makes, from recording to transcript', () => {
    let meeting = row('recording', 'pending');
    for (const move of ['stop', 'assembled', 'transcriptionStarted', 'transcribed'] as const) {
      expect(allows(move, meeting), move).toBe(true);
      meeting = moved(move, meeting);
    }
    expect(meeting).toMatchObject({ recording_state: null, transcription_status: 'completed' });
    // A late chunk after the server's idle finish reopens even a transcribed recording.
    expect(allows('reopen', meeting)).toBe(true);
    expect(moved('reopen', meeting)).toMatchObject({ recording_state: 'recording', transcription_status: 'pending' });
  });

  it('names every move with the states it starts from', () => {
    for (const [name, move] of Object.entries(MOVES)) {
      const parts = [
        ('recording' in move && move.recording) || null,
        ('transcription' in move && move.transcription) || null,
      ];
      expect(parts.some(Boolean), name).toBe(true);
      for (const part of parts) if (part) expect(part.from.length, name).toBeGreaterThan(0);
    }
  });

  it('is the only code that writes the lifecycle columns', () => {
    const src = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const writers = files(src)
      .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.includes('/db/'))
      .filter((path) =>
        /\b(recording_state|transcription_status|recording_finished_by)\s*:/.test(readFileSync(path, 'utf8')),
      )
      .map((path) => relative(src, path));
    expect(writers).toEqual(['services/meeting-lifecycle.ts']);
  });
});
