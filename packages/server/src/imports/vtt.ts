import {
  CueCollector,
  type ImportedCue,
  joinCueLines,
  parseTiming,
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

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** The speaker of a cue from its first voice span (`<v Ann>` or `<v.loud Ann>`), and its plain text. */
function readCuePayload(payload: string): { voice: string | null; text: string } {
  const voice = payload.match(/<v(?:\.[^\s>]*)?\s+([^>]+)>/);
  const text = decodeEntities(payload.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return { voice: voice ? decodeEntities(voice[1]!).trim() || null : null, text };
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
  let index = 1;
  // The header block runs to the first blank line.
  while (index < lines.length && lines[index]!.trim() !== '') index++;

  while (index < lines.length) {
    while (index < lines.length && lines[index]!.trim() === '') index++;
    if (index >= lines.length) break;
    const blockStart = index;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== '') block.push(lines[index++]!);

    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]!)) continue;
    const timingOffset = block[0]!.includes('-->') ? 0 : 1;
    const timingLine = block[timingOffset];
    if (timingLine === undefined || !timingLine.includes('-->')) {
      throw new TranscriptFormatError(
        blockStart + 1 + timingOffset,
        "expected a cue timing ('00:00:01.000 --> 00:00:04.000')",
      );
    }
    const timing = parseTiming(timingLine, blockStart + 1 + timingOffset);
    const { voice, text } = readCuePayload(joinCueLines(block.slice(timingOffset + 1)));
    const prefixed = voice ? { speaker: voice, text } : splitSpeakerPrefix(text);
    collector.add({ ...timing, speaker: prefixed.speaker ?? UNLABELLED_SPEAKER, text: prefixed.text }, blockStart + 1);
  }
  if (collector.cues.length === 0) throw new TranscriptFormatError(null, 'The WebVTT file contains no cues');
  return collector.cues;
}
