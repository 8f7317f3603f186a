import { TRANSCRIPT_LIMITS } from '@parley/contract';

/** One cue of an imported transcript, already reduced to a speaker and plain text. */
export interface ImportedCue {
  speaker: string;
  text: string;
  startMs: number;
  endMs: number;
}

/** A file that is not what it claims to be; `line` is 1-based, for the message the user sees. */
export class TranscriptFormatError extends Error {
  readonly line: number | null;
  constructor(line: number | null, message: string) {
    super(line === null ? message : `Line ${line}: ${message}`);
    this.name = 'TranscriptFormatError';
    this.line = line;
  }
}

/** Cues without a speaker label are all one speaker, named as the recogniser names its first. */
export const UNLABELLED_SPEAKER = 'Speaker 1';

/** Twice the longest segment text (10,000): a cue line of our own exports always fits. */
export const MAX_LINE_CHARS = 20_000;

/**
 * Splits text into lines, dropping a byte-order mark and accepting CRLF and lone CR endings. A line
 * longer than MAX_LINE_CHARS is refused: no subtitle line is that long, and every later step stays cheap.
 */
export function splitLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const long = lines.findIndex((line) => line.length > MAX_LINE_CHARS);
  if (long >= 0) {
    throw new TranscriptFormatError(
      long + 1,
      `the line is longer than ${MAX_LINE_CHARS.toLocaleString('en')} characters`,
    );
  }
  return lines;
}

/**
 * '00:01:02.345', '01:02.345' (WebVTT), '00:01:02,345' (SubRip). Hours may be any number of digits;
 * minutes and seconds two, the fraction one to three. Null when the text is not a timestamp.
 */
export function parseTimestamp(value: string): number | null {
  const match = value.trim().match(/^(?:(\d+):)?([0-5]\d):([0-5]\d)(?:[.,](\d{1,3}))?$/);
  if (!match) return null;
  const [, hours = '0', minutes, seconds, fraction = '0'] = match;
  return (
    Number(hours) * 3_600_000 + Number(minutes) * 60_000 + Number(seconds) * 1000 + Number(fraction.padEnd(3, '0'))
  );
}

/** The timing line of a cue: 'start --> end' with optional WebVTT settings after the end. */
export function parseTiming(line: string, lineNumber: number): { startMs: number; endMs: number } {
  const [left, right] = line.split('-->');
  const start = left === undefined ? null : parseTimestamp(left);
  const endText = right?.trim().split(/\s+/)[0] ?? '';
  const end = parseTimestamp(endText);
  if (start === null || end === null) {
    throw new TranscriptFormatError(
      lineNumber,
      `the cue timing '${line.trim().slice(0, 80)}' is not 'hh:mm:ss.mmm --> hh:mm:ss.mmm'`,
    );
  }
  if (end < start) throw new TranscriptFormatError(lineNumber, 'the cue ends before it starts');
  if (end > MAX_CUE_MS) throw new TranscriptFormatError(lineNumber, 'the cue is more than 48 hours in');
  return { startMs: start, endMs: end };
}

const MAX_CUE_MS = 48 * 3600 * 1000;

// 'Ann Smith: hello', '>> Ann: hello', '- Ann: hello'. A label is short, starts with a letter and has
// no sentence punctuation, so 'Note: the budget' style text is the rare false positive, '10:30' never.
const SPEAKER_PREFIX = /^(?:>>\s*|-\s+)?([\p{L}][\p{L}\p{M}\p{N} .'’_()&-]{0,59}?)\s*:\s+(\S.*)$/su;

/** Reads a 'Name: text' prefix; the text alone when there is none. */
export function splitSpeakerPrefix(text: string): { speaker: string | null; text: string } {
  const match = text.match(SPEAKER_PREFIX);
  if (!match || match[1]!.trim().split(/\s+/).length > 5) return { speaker: null, text };
  return { speaker: match[1]!.trim(), text: match[2]!.trim() };
}

/** The blocks of a subtitle file: runs of non-blank lines, each with its 1-based first line number. */
export function* blocksOf(lines: string[], from = 0): Generator<{ firstLine: number; lines: string[] }> {
  let index = from;
  while (index < lines.length) {
    while (index < lines.length && lines[index]!.trim() === '') index++;
    if (index >= lines.length) return;
    const firstLine = index + 1;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== '') block.push(lines[index++]!);
    yield { firstLine, lines: block };
  }
}

/**
 * A cue block: an optional identifier line (the SubRip number, a WebVTT id), the timing line, then
 * the payload. `expected` is what the message says belongs where no timing line is found.
 */
export function readCueBlock(
  block: { firstLine: number; lines: string[] },
  hasIdentifier: boolean,
  expected: string,
): { startMs: number; endMs: number; payload: string[] } {
  const offset = hasIdentifier ? 1 : 0;
  const timingLine = block.lines[offset];
  if (timingLine === undefined || !timingLine.includes('-->')) {
    throw new TranscriptFormatError(block.firstLine + offset, expected);
  }
  return { ...parseTiming(timingLine, block.firstLine + offset), payload: block.lines.slice(offset + 1) };
}

/** Joins a cue's lines into one run of text (subtitle line breaks are layout, not meaning). */
export const joinCueLines = (lines: string[]) =>
  lines
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');

export class CueCollector {
  readonly cues: ImportedCue[] = [];

  add(cue: ImportedCue, lineNumber: number) {
    if (!cue.text) return;
    if (this.cues.length >= TRANSCRIPT_LIMITS.maxCues) {
      throw new TranscriptFormatError(
        lineNumber,
        `the transcript has more than ${TRANSCRIPT_LIMITS.maxCues} cues, the most one meeting can import`,
      );
    }
    this.cues.push({ ...cue, speaker: cue.speaker.slice(0, 100), text: cue.text.slice(0, 10_000) });
  }
}
