// Question answering on the AMI meetings, builtin engine: each annotated decision and action item of a
// meeting becomes a question by rule ("What was decided about <its first three content words>?", "Who
// will work on ...?"); the answering segments are those of the meeting sharing the most content words
// with the whole annotation (at least two; the question holds at most three of them, never its numbers).
// Scored: the share of questions with an answering segment among the first 5 citations of POST /api/ask,
// asked on the meeting's page and across every meeting (the global search page). Also counted: the
// questions no word match can place across meetings, whose every answering segment has at least 5
// rivals in other meetings holding each question word it holds (or holds none of them).
//   node bench/ask.bench.ts

import { words } from '../packages/server/src/lib/words/tokens.ts';
import { questionWords } from '../packages/server/src/search/passages.ts';
import { amiMeetings } from '../packages/server/test/fixtures/ami-notes.ts';
import { amiLibrary, splitOf } from './ami-library.ts';

const NUMBER =
  /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred)$/;

const library = await amiLibrary(amiMeetings());
const { ctx, userId } = library;
const tally = new Map<string, { asked: number; meeting: number; everywhere: number; ambiguous: number }>();
const tokens = new Map(library.segments.map((s) => [s.id, new Set(words(s.text))]));
/** Segments of other meetings holding every question word `answer` holds (capped at 5: enough to say). */
const rivals = (answer: { id: string; meetingId: string }, terms: string[]) => {
  const held = terms.filter((t) => tokens.get(answer.id)?.has(t));
  if (held.length === 0) return 5;
  let n = 0;
  for (const s of library.segments) {
    if (s.meetingId !== answer.meetingId && held.every((t) => tokens.get(s.id)?.has(t)) && ++n >= 5) break;
  }
  return n;
};
try {
  for (const [ami, meetingId] of library.meetingIds) {
    const reference = library.references.get(ami);
    if (!reference) continue;
    const segments = library.segments.filter((s) => s.ami === ami);
    const annotations = [
      ...reference.decisions.map((text) => ({ text, kind: 'decision' })),
      ...reference.actions.map((text) => ({ text, kind: 'action' })),
    ];
    for (const { text, kind } of annotations) {
      const content = questionWords(text);
      const overlap = (s: { text: string }) => new Set(words(s.text).filter((w) => content.includes(w))).size;
      const best = Math.max(0, ...segments.map(overlap));
      if (best < 2) continue;
      const answering = new Set(segments.filter((s) => overlap(s) === best).map((s) => s.id));
      const asked = content.filter((w) => !NUMBER.test(w)).slice(0, 3);
      const question =
        kind === 'decision' ? `What was decided about ${asked.join(' ')}?` : `Who will work on ${asked.join(' ')}?`;
      const cites = async (scope: { meetingId?: string }) => {
        const begun = await ctx.services.ask.begin(userId, { question, ...scope });
        const { citations } = await begun.answer(new AbortController().signal, () => {});
        return citations.slice(0, 5).some((c) => answering.has(c.transcriptionId));
      };
      const split = splitOf(ami);
      const row = tally.get(split) ?? { asked: 0, meeting: 0, everywhere: 0, ambiguous: 0 };
      row.asked++;
      const terms = questionWords(question);
      if (segments.filter((s) => answering.has(s.id)).every((s) => rivals(s, terms) >= 5)) row.ambiguous++;
      if (await cites({ meetingId })) row.meeting++;
      if (await cites({})) row.everywhere++;
      tally.set(split, row);
    }
  }
  console.log(`\n${library.segments.length} segments, ${library.meetingIds.size} meetings (${ctx.dbKind})`);
  console.log(
    'split      questions  answer cited in first 5: on the meeting  across every meeting  ambiguous across meetings',
  );
  for (const [split, row] of tally) {
    const pct = (n: number) => `${((100 * n) / row.asked).toFixed(1)}%`;
    console.log(
      `${split.padEnd(10)} ${String(row.asked).padStart(9)}  ${pct(row.meeting).padStart(30)}  ${pct(row.everywhere).padStart(20)}  ${pct(row.ambiguous).padStart(25)}`,
    );
  }
} finally {
  await ctx.close();
}
