import { displaySpeaker } from '../people-match.ts';
import { formatTimestamp } from '../time-format.ts';
import type { NotesSegment } from '../types.ts';
import { countTokens } from './tokens.ts';

/** One transcript line as the model reads it: "[m:ss] Speaker: text". */
export function transcriptLines(segments: NotesSegment[]): string[] {
  return segments
    .filter((s) => s.text.trim())
    .map((s) => `[${formatTimestamp(s.startMs)}] ${displaySpeaker(s)}: ${s.text.trim().replace(/\s+/g, ' ')}`);
}

/**
 * Splits lines into parts of at most `budget` tokens, each part starting with the last lines of the one
 * before (about `overlapRatio` of a part) so a point made across a boundary is seen whole once. Nothing is
 * dropped: a single line longer than a part is cut into pieces by words.
 */
export function splitIntoParts(lines: string[], budget: number, overlapRatio = 0.1): string[][] {
  const pieces: Array<{ text: string; tokens: number }> = [];
  for (const line of lines) {
    const tokens = countTokens(line);
    if (tokens <= budget) pieces.push({ text: line, tokens });
    else pieces.push(...cutLine(line, budget));
  }
  const parts: string[][] = [];
  const overlapBudget = Math.floor(budget * overlapRatio);
  let current: typeof pieces = [];
  let used = 0;
  for (const piece of pieces) {
    if (used + piece.tokens > budget && current.length > 0) {
      parts.push(current.map((p) => p.text));
      const carried: typeof pieces = [];
      let carriedTokens = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const candidate = current[i]!;
        if (
          carriedTokens + candidate.tokens > overlapBudget ||
          carriedTokens + candidate.tokens + piece.tokens > budget
        )
          break;
        carried.unshift(candidate);
        carriedTokens += candidate.tokens;
      }
      current = carried;
      used = carriedTokens;
    }
    current.push(piece);
    used += piece.tokens;
  }
  if (current.length > 0) parts.push(current.map((p) => p.text));
  return parts;
}

function cutLine(line: string, budget: number): Array<{ text: string; tokens: number }> {
  const prefix = line.match(/^\[[\d:]+\] [^:]+: /)?.[0] ?? '';
  const prefixTokens = countTokens(prefix);
  const out: Array<{ text: string; tokens: number }> = [];
  let current: string[] = [];
  let used = prefixTokens;
  // Word by word, so a huge line costs linear time; the sum of word counts slightly over-counts, which is safe.
  for (const word of line.slice(prefix.length).split(' ')) {
    const cost = countTokens(word);
    if (current.length > 0 && used + cost > budget) {
      out.push({ text: `${prefix}${current.join(' ')}`, tokens: used });
      current = [];
      used = prefixTokens;
    }
    current.push(word);
    used += cost;
  }
  if (current.length) out.push({ text: `${prefix}${current.join(' ')}`, tokens: used });
  return out;
}
