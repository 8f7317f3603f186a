// Names suggested for speaker labels from what was said (packages/server/src/names), over the 40 AMI
// meetings' reference transcripts (shared/data/ami-notes, speakers as voice tags), with no contacts:
// every suggestion shown (confidence >= 0.5), by split (TS meetings held out, as elsewhere in bench/).
// Whether each suggested word is a person's name is read by hand from the printed list (README).
// Run: node bench/names-said.bench.ts

import { labelNames } from '../packages/server/src/names/label-names.ts';
import { amiMeetings, loadAmiMeeting } from '../packages/server/test/fixtures/ami-notes.ts';
import { splitOf } from './ami-library.ts';

for (const meeting of amiMeetings()) {
  const segments = loadAmiMeeting(meeting).input.segments.map((s) => ({
    speaker: s.speaker,
    text: s.text,
    startTime: s.startMs / 1000,
    endTime: s.endMs / 1000,
  }));
  for (const name of labelNames(segments, []))
    if (name.confidence >= 0.5)
      console.log([splitOf(meeting), meeting, name.speaker, name.name, name.confidence.toFixed(2)].join('\t'));
}
