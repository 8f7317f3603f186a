/**
 * Names for a meeting's speaker labels (docs/decisions/131, 132), as a pure function so that it runs in a
 * CPU worker thread (cpu/tasks.ts): at most one per label that still has unassigned segments, the most
 * confident of its voice and its transcript candidates, leaving out what the user dismissed.
 */
import type { SpeakerSuggestion } from '@parley/contract';
import { GaussStats } from '../audio/speakers/gaussian.ts';
import { decodeVoice } from '../audio/speakers/voice-stats.ts';
import { labelNames } from '../names/label-names.ts';
import { closestVoices } from './voice-match.ts';

/**
 * Both sources are calibrated so that this is their threshold: for voices the distance chosen for
 * >= 95% precision (voice-match.ts), for names the weights of names/label-names.ts.
 */
export const SHOWN_CONFIDENCE = 0.5;

export interface SuggestInput {
  /** The meeting's segments in time order. */
  segments: Array<{ speaker: string; personId: string | null; text: string; startMs: number; endMs: number }>;
  /** The stored voices of its segments (audio/speakers/voice-stats.ts encodeVoice). */
  voices: Array<{ speaker: string; personId: string | null; voice: string }>;
  /** Each profile as the stored voices of its samples. */
  profiles: Array<{ personId: string; voices: string[] }>;
  people: Array<{ id: string; name: string }>;
  dismissed: Array<{ speaker: string; personId: string | null; name: string }>;
}

/** Adds up stored voices into one set of statistics. */
export function sumVoices(voices: Iterable<string>): GaussStats {
  let total: GaussStats | undefined;
  for (const v of voices) {
    const stats = decodeVoice(v);
    total = total ? total.add(stats) : stats;
  }
  return total ?? new GaussStats();
}

export function suggestSpeakers(input: SuggestInput): SpeakerSuggestion[] {
  const { segments, dismissed } = input;
  // a label is still open while some of its segments have no person
  const open = new Set(segments.filter((s) => !s.personId).map((s) => s.speaker));
  const names = new Map(input.people.map((p) => [p.id, p.name]));
  const isDismissed = (speaker: string, personId: string | null, name: string) =>
    dismissed.some(
      (d) =>
        d.speaker === speaker &&
        (personId ? d.personId === personId : !d.personId && d.name.toLowerCase() === name.toLowerCase()),
    );

  const labelVoices = new Map<string, string[]>();
  for (const v of input.voices) {
    if (v.personId || !open.has(v.speaker)) continue;
    labelVoices.set(v.speaker, [...(labelVoices.get(v.speaker) ?? []), v.voice]);
  }
  const exclude = new Map<string, Set<string>>();
  for (const d of dismissed)
    if (d.personId) exclude.set(d.speaker, (exclude.get(d.speaker) ?? new Set()).add(d.personId));
  const candidates: SpeakerSuggestion[] = closestVoices(
    [...labelVoices].map(([speaker, voices]) => ({ speaker, stats: sumVoices(voices) })),
    input.profiles
      .filter((p) => names.has(p.personId))
      .map((p) => ({ personId: p.personId, stats: sumVoices(p.voices) })),
    { exclude },
  ).map((m) => ({
    speaker: m.speaker,
    personId: m.personId,
    name: names.get(m.personId)!,
    source: 'voice',
    confidence: round3(m.confidence),
    evidence: [],
  }));

  const said = segments.map((s) => ({
    speaker: s.speaker,
    text: s.text,
    startTime: s.startMs / 1000,
    endTime: s.endMs / 1000,
  }));
  for (const n of labelNames(said, input.people)) {
    if (!open.has(n.speaker)) continue;
    candidates.push({
      ...n,
      source: 'transcript',
      confidence: round3(n.confidence),
      evidence: n.evidence.map((e) => ({ text: e.text, startTime: Math.round(e.startTime * 1000) })),
    });
  }

  const best = new Map<string, SpeakerSuggestion>();
  for (const c of candidates) {
    if (c.confidence < SHOWN_CONFIDENCE || isDismissed(c.speaker, c.personId, c.name)) continue;
    const current = best.get(c.speaker);
    if (!current || c.confidence > current.confidence) best.set(c.speaker, c);
  }
  const order = [...new Set(segments.map((s) => s.speaker))];
  return order.flatMap((speaker) => best.get(speaker) ?? []);
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
