import { formatTimestamp } from '../time-format.ts';
import type { AnswerInput } from '../types.ts';

// The offline answer (decision 163): no model writes it, so it is the passages that answer the question,
// as they were said, with who said them, in which meeting and when, each marked with its citation. When
// nothing matches it says so plainly.

export const NOTHING_FOUND = 'Nothing in your meetings answers that question.';

const day = (iso: string) => iso.slice(0, 10);

/** The answer, a line at a time. */
export function builtinAnswer({ passages }: AnswerInput): string[] {
  if (passages.length === 0) return [NOTHING_FOUND];
  const lines = [passages.length === 1 ? 'One passage answers this:\n' : 'These passages answer it best:\n'];
  for (const p of passages) {
    lines.push(
      `\n- ${p.speaker} in "${p.meetingTitle}" (${day(p.meetingDate)}, at ${formatTimestamp(p.startMs)}): "${p.text.trim()}" [${p.marker}]\n`,
    );
  }
  return lines;
}
