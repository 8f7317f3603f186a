import { describe, expect, it } from 'vitest';
import { amiFile, amiManifest } from '../../test/fixtures/ami-notes.ts';
import type { MeetingDocument } from '../exports/document.ts';
import { renderSrt, renderVtt } from '../exports/subtitles.ts';
import { parseSrt } from './srt.ts';
import type { ImportedCue } from './transcript.ts';
import { parseVtt } from './vtt.ts';

const asDocument = (cues: ImportedCue[]) =>
  ({ segments: cues.map((cue) => ({ ...cue, person: null, isEdited: false })) }) as unknown as MeetingDocument;

// The 40 AMI meetings (18,627 real cues): what the parsers read, the exporters write back byte for byte.
describe('AMI transcripts through the parsers and back out', () => {
  const meetings = amiManifest();

  it('covers the whole subset', () => {
    expect(meetings).toHaveLength(40);
  });

  it.each(meetings.map((m) => [m.meeting, m.cues] as const))(
    '%s: %i cues, identical WebVTT and SubRip',
    (meeting, cues) => {
      const vtt = amiFile(meeting, 'vtt');
      const srt = amiFile(meeting, 'srt');
      const fromVtt = parseVtt(vtt);
      const fromSrt = parseSrt(srt);
      expect(fromVtt).toHaveLength(cues);
      expect(fromSrt).toEqual(fromVtt);
      expect(renderVtt(asDocument(fromVtt))).toBe(vtt);
      expect(renderSrt(asDocument(fromSrt))).toBe(srt);
    },
  );
});
