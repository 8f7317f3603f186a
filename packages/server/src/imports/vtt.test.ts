import { describe, expect, it } from 'vitest';
import { parseTranscript } from './parse.ts';
import { parseVtt } from './vtt.ts';

const cue = (payload: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${payload}\n`;
const speakerOf = (payload: string) => parseVtt(cue(payload))[0]!.speaker;

describe('WebVTT voice spans', () => {
  it.each([
    ['<v Ann>Hello', 'Ann'],
    ['<v.loud.first Ann Smith>Hello</v>', 'Ann Smith'],
    ['<v   Bob  >Hi', 'Bob'],
    ['<c>Hi</c> <v Ann>there', 'Ann'],
    ['<v Ann &amp; Bob>Hi', 'Ann & Bob'],
    ['<<v Ann>Hi', 'Ann'],
    ['<v<v Ann>Hi', 'Ann'],
    // No voice span: not a 'v' tag, no space before the name, or the tag never closes.
    ['<vx Ann>Hi', 'Speaker 1'],
    ['<v.Ann>Hi', 'Speaker 1'],
    ['<v >Hi', 'Speaker 1'],
    ['<v Ann Hi', 'Speaker 1'],
    ['<b>Ann:</b> Hi', 'Ann'],
    // A span that names nobody still is the cue's first: the next one is not read.
    ['<v  ><v Ann>Hi', 'Speaker 1'],
  ])('%s is spoken by %s', (payload, speaker) => expect(speakerOf(payload)).toBe(speaker));
});

/** The attacker's shape (issue 36): an unclosed voice tag, then long runs of spaces over several lines. */
function crafted(lineChars: number) {
  const spaces = ' '.repeat(lineChars - 2);
  const payload = [`<v${spaces}a`, ...Array(5).fill(`a${spaces}a`)].join('\n');
  return Array.from(
    { length: 8 },
    (_, i) => `00:00:${String(i).padStart(2, '0')}.000 --> 00:00:${String(i).padStart(2, '0')}.500\n${payload}\n`,
  )
    .join('\n')
    .replace(/^/, 'WEBVTT\n\n');
}

/** The fastest of a few parses, in ms: the least disturbed by the machine's other work. */
function fastestParse(text: string) {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    parseTranscript('crafted.vtt', text);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('parsing time', () => {
  it('grows in proportion to a crafted file: twice the size, about twice the time, not four times', () => {
    const small = crafted(2000);
    const large = crafted(4000);
    expect(large.length / small.length).toBeCloseTo(2, 1);
    fastestParse(small); // warms the code up
    const ratio = fastestParse(large) / fastestParse(small);
    // Linear is 2; the old pattern's backtracking made it 4 (a run of spaces times the text after it).
    expect(ratio).toBeLessThan(3);
    expect(parseTranscript('crafted.vtt', large)).toMatchObject({ kind: 'cues', cues: { length: 8 } });
  });
});
