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

/**
 * SubRip allows a little HTML (<i>, <b>, <font>) and some players honour ASS overrides ({\an8}). A tag
 * never holds its own opening character: excluding it keeps the patterns linear on a line of '<' or '{\'.
 */
const plainText = (text: string) =>
  text
    .replace(/<[^<>]*>/g, '')
    .replace(/\{\\[^{}]*\}/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * SubRip: blocks separated by blank lines, each a cue number, a timing line ('00:00:01,000 -->
 * 00:00:04,000') and text. Speakers come from 'Name:' prefixes (Otter, Zoom, our own export).
 */
export function parseSrt(source: string): ImportedCue[] {
  const collector = new CueCollector();
  for (const block of blocksOf(splitLines(source))) {
    // The cue number is optional in practice (some tools omit it); the timing line is not.
    const hasNumber = /^\d+$/.test(block.lines[0]!.trim());
    const cue = readCueBlock(
      block,
      hasNumber,
      hasNumber
        ? "expected a cue timing ('00:00:01,000 --> 00:00:04,000') after the cue number"
        : "expected a cue number or a cue timing ('00:00:01,000 --> 00:00:04,000')",
    );
    const { speaker, text } = splitSpeakerPrefix(plainText(joinCueLines(cue.payload)));
    collector.add(
      { startMs: cue.startMs, endMs: cue.endMs, speaker: speaker ?? UNLABELLED_SPEAKER, text },
      block.firstLine,
    );
  }
  if (collector.cues.length === 0) throw new TranscriptFormatError(null, 'The SubRip file contains no cues');
  return collector.cues;
}
