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

/** SubRip allows a little HTML (<i>, <b>, <font>) and some players honour ASS overrides ({\an8}). */
const plainText = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * SubRip: blocks separated by blank lines, each a cue number, a timing line ('00:00:01,000 -->
 * 00:00:04,000') and text. Speakers come from 'Name:' prefixes (Otter, Zoom, our own export).
 */
export function parseSrt(source: string): ImportedCue[] {
  const lines = splitLines(source);
  const collector = new CueCollector();
  let index = 0;
  while (index < lines.length) {
    while (index < lines.length && lines[index]!.trim() === '') index++;
    if (index >= lines.length) break;
    const blockStart = index;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== '') block.push(lines[index++]!);

    // The cue number is optional in practice (some tools omit it); the timing line is not.
    const hasNumber = /^\d+$/.test(block[0]!.trim());
    const timingOffset = hasNumber ? 1 : 0;
    const timingLine = block[timingOffset];
    if (timingLine === undefined || !timingLine.includes('-->')) {
      throw new TranscriptFormatError(
        blockStart + 1 + timingOffset,
        hasNumber
          ? "expected a cue timing ('00:00:01,000 --> 00:00:04,000') after the cue number"
          : "expected a cue number or a cue timing ('00:00:01,000 --> 00:00:04,000')",
      );
    }
    const timing = parseTiming(timingLine, blockStart + 1 + timingOffset);
    const { speaker, text } = splitSpeakerPrefix(plainText(joinCueLines(block.slice(timingOffset + 1))));
    collector.add({ ...timing, speaker: speaker ?? UNLABELLED_SPEAKER, text }, blockStart + 1);
  }
  if (collector.cues.length === 0) throw new TranscriptFormatError(null, 'The SubRip file contains no cues');
  return collector.cues;
}
