/**
 * The folder format of shared/data/ami-audio (`NAME.wav` + `NAME.truth.json`, see its README), shared
 * by the real-meeting benchmarks (meetings.bench.ts, diarize.bench.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SpeakerTurn } from './scoring/der.ts';

export interface Truth {
  durationSec: number;
  refSpeakers: number;
  turns: SpeakerTurn[];
  text: string;
  /** Time-stamped reference words with their speaker (AMI convention: vocal sounds and fragments left out). */
  words: Array<{ w: string; speaker: string; start: number; end: number }>;
  metrics: { wer: boolean; der: boolean; speakers: boolean };
}

/** DIR, else $MEETINGS_DIR, else shared/data/ami-audio beside the repository (worktrees sit one level deeper). */
export function meetingsDir(dir?: string): string {
  if (dir ?? process.env.MEETINGS_DIR) return resolve((dir ?? process.env.MEETINGS_DIR)!);
  const repo = resolve(import.meta.dirname, '..');
  for (const base of [join(repo, '..'), join(repo, '../..')]) {
    const d = join(base, 'shared/data/ami-audio');
    if (existsSync(d)) return d;
  }
  throw new Error('meetings folder not found: pass it as an argument or set MEETINGS_DIR');
}

/** Names (without extension) of the meetings of a folder, sorted. */
export function meetingNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.truth.json'))
    .map((f) => f.slice(0, -'.truth.json'.length))
    .sort();
}

export function readTruth(dir: string, name: string): Truth {
  return JSON.parse(readFileSync(join(dir, `${name}.truth.json`), 'utf8')) as Truth;
}

/** Speakers who each hold at least 15% of the reference speech time. */
export function majorSpeakers(turns: SpeakerTurn[]): number {
  const time = new Map<string, number>();
  for (const t of turns) time.set(t.speaker, (time.get(t.speaker) ?? 0) + t.end - t.start);
  const total = [...time.values()].reduce((a, b) => a + b, 0);
  return [...time.values()].filter((v) => v >= 0.15 * total).length;
}

/**
 * The half a meeting belongs to for choosing settings: 'A' (EN2001 and EN2003 sessions) is where
 * thresholds are chosen, 'B' (EN2004, EN2005, EN2006, EN2009) is held out. Split by meeting series,
 * so no group of people is heard in both halves.
 */
export function tuningHalf(name: string): 'A' | 'B' {
  return /EN200[13]/.test(name) ? 'A' : 'B';
}
