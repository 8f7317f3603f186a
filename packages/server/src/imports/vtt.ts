import {
  blocksOf,
  CueCollector,
  type ImportedCue,
  joinCueLines,
  readCueBlock,
  splitLines,
  splitSpeakerPrefix,
  TranscriptFormatError,
  UNLABELLED_SPEAKER,
} from './transcript.ts';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: ' ',
  lrm: '',
  rlm: '',
  quot: '"',
  apos: "'",
};

const codePoint = (code: number, whole: string) =>
  Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (/^#x/i.test(name)) return codePoint(Number.parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return codePoint(Number(name.slice(1)), whole);
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

const isSpace = (char: string) => /\s/.test(char);

/**
 * The speaker named by a tag's inside (between '<' and '>'): 'v Ann' or 'v.loud Ann'. Read by hand: the
 * pattern `<v(?:\.[^\s<>]*)?\s+([^<>]+)>` backtracked over a run of spaces, quadratic in its length
 * (issue 36: a 260 KB cue held a CPU thread for seconds). Null when the tag is no voice span; '' when it
 * names nobody (the span still counts as the cue's first voice).
 */
function voiceOf(tag: string): string | null {
  if (tag[0] !== 'v') return null;
  let at = 1;
  if (tag[at] === '.') while (at < tag.length && !isSpace(tag[at]!)) at++;
  // At least one space, then at least one character of annotation.
  if (at + 1 >= tag.length || !isSpace(tag[at]!)) return null;
  return tag.slice(at).trim();
}

/** The annotation of the payload's first voice span, in one pass over its tags. */
function firstVoice(payload: string): string | null {
  let open = payload.indexOf('<');
  while (open >= 0) {
    // A tag never holds '<': one that does is text, and its second '<' may start the tag.
    let end = open + 1;
    while (end < payload.length && payload[end] !== '<' && payload[end] !== '>') end++;
    if (end >= payload.length) return null;
    if (payload[end] === '>') {
      const voice = voiceOf(payload.slice(open + 1, end));
      if (voice !== null) return voice;
      open = payload.indexOf('<', end);
    } else open = end;
  }
  return null;
}

/**
 * The speaker of a cue from its first voice span (`<v Ann>` or `<v.loud Ann>`), and its plain text. A tag
 * never holds '<': excluding it keeps the tag pattern linear on a line of '<'.
 */
function readCuePayload(payload: string): { voice: string | null; text: string } {
  const voice = firstVoice(payload);
  const text = decodeEntities(payload.replace(/<[^<>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return { voice: voice ? decodeEntities(voice).trim() || null : null, text };
}

/**
 * WebVTT (W3C): a 'WEBVTT' header, then blocks separated by blank lines; NOTE, STYLE and REGION
 * blocks are skipped; a cue is an optional identifier, a timing line and its payload. Speakers come
 * from voice tags (Teams, YouTube) or 'Name:' prefixes (Zoom).
 */
export function parseVtt(source: string): ImportedCue[] {
  const lines = splitLines(source);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    throw new TranscriptFormatError(1, "a WebVTT file must start with 'WEBVTT'");
  }
  const collector = new CueCollector();
  // The first block is the header: 'WEBVTT' and its metadata lines, up to the first blank line.
  for (const block of [...blocksOf(lines)].slice(1)) {
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block.lines[0]!)) continue;
    const cue = readCueBlock(
      block,
      !block.lines[0]!.includes('-->'),
      "expected a cue timing ('00:00:01.000 --> 00:00:04.000')",
    );
    const { voice, text } = readCuePayload(joinCueLines(cue.payload));
    const prefixed = voice ? { speaker: voice, text } : splitSpeakerPrefix(text);
    collector.add(
      { startMs: cue.startMs, endMs: cue.endMs, speaker: prefixed.speaker ?? UNLABELLED_SPEAKER, text: prefixed.text },
      block.firstLine,
    );
  }
  if (collector.cues.length === 0) throw new TranscriptFormatError(null, 'The WebVTT file contains no cues');
  return collector.cues;
}
