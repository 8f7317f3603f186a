import { textLines } from './clean-text.ts';
import { type MeetingDocument, speakerName } from './document.ts';
import { cueTime } from './time.ts';

// SubRip and WebVTT: one cue per segment. A blank line ends a cue in both, and '-->' starts a timing
// line, so neither may appear inside a cue's text (a lone CR counts as a line break to players, so
// every kind of line break is one here), and a speaker's name stays on the cue's first line.
const noArrow = (line: string) => line.replaceAll('-->', '->');
const cueText = (text: string) => textLines(text).map(noArrow).join('\n');
const cueSpeaker = (segment: Parameters<typeof speakerName>[0]) => noArrow(speakerName(segment));

/** A cue must end after it starts; a zero-length segment gets one millisecond. */
const cueEnd = (startMs: number, endMs: number) => Math.max(endMs, startMs + 1);

export function renderSrt(document: MeetingDocument): string {
  const cues = document.segments.map((segment, index) =>
    [
      String(index + 1),
      `${cueTime(segment.startMs, ',')} --> ${cueTime(cueEnd(segment.startMs, segment.endMs), ',')}`,
      `${cueSpeaker(segment)}: ${cueText(segment.text)}`,
    ].join('\n'),
  );
  return cues.length ? `${cues.join('\n\n')}\n` : '';
}

const escapeVtt = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** WebVTT with each speaker as a voice tag (`<v Ann Smith>`), which players and Teams both read. */
export function renderVtt(document: MeetingDocument): string {
  const cues = document.segments.map((segment) =>
    [
      `${cueTime(segment.startMs, '.')} --> ${cueTime(cueEnd(segment.startMs, segment.endMs), '.')}`,
      `<v ${escapeVtt(cueSpeaker(segment))}>${escapeVtt(cueText(segment.text))}`,
    ].join('\n'),
  );
  return `WEBVTT\n\n${cues.map((cue) => `${cue}\n`).join('\n')}`;
}
