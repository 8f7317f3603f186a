/**
 * Notes benchmark (prints figures; not a test): the builtin engine over the 40 AMI meetings in
 * ../shared/data/ami-notes. Summary ROUGE-1/2/L F1 against the annotators' abstract, action-item recall
 * and precision (fuzzy match, bench/notes-scoring.ts) and assignee accuracy, and the time per meeting.
 *   npm run notes -w @parley/bench   [-- --verbose]
 */
import { extractActionItems } from '../packages/server/src/ai/builtin/action-items.ts';
import { buildSummary } from '../packages/server/src/ai/builtin/summary.ts';
import { amiMeetings, loadAmiMeeting } from '../packages/server/test/fixtures/ami-notes.ts';
import { matchActionItems, plainSummary, rougeL, rougeN } from './notes-scoring.ts';

const verbose = process.argv.includes('--verbose');
const pct = (x: number) => (100 * x).toFixed(1);
// The AMI annotators name roles in other words too ("interface specialist", "marketing executive").
const ROLE_ALIASES: Record<string, string[]> = {
  'User Interface Designer': ['user interface designer', 'interface specialist', 'interface designer', 'ui designer'],
  'Marketing Expert': ['marketing expert', 'marketing executive', 'marketing'],
  'Industrial Designer': ['industrial designer'],
  'Project Manager': ['project manager'],
};

const totals = { r1: 0, r2: 0, rl: 0, matched: 0, predicted: 0, reference: 0, aChecked: 0, aCorrect: 0, ms: 0 };
const perHour: number[] = [];
const meetings = amiMeetings();
console.log(`# Parley notes benchmark (builtin engine) — ${new Date().toISOString()}`);
console.log(`${meetings.length} AMI meetings from the ami-notes set; node ${process.version}\n`);

for (const name of meetings) {
  const { input, reference } = loadAmiMeeting(name);
  const started = performance.now();
  const items = extractActionItems(input);
  const summary = buildSummary(input, items);
  const elapsed = performance.now() - started;
  totals.ms += elapsed;
  perHour.push(elapsed / (reference.durationSec / 3600));

  const plain = plainSummary(summary);
  const abstract = reference.abstract.join(' ');
  const r1 = rougeN(plain, abstract, 1);
  const r2 = rougeN(plain, abstract, 2);
  const rl = rougeL(plain, abstract);
  totals.r1 += r1;
  totals.r2 += r2;
  totals.rl += rl;

  // Map reference wording onto the transcript's speaker labels before matching.
  const normalisedRefs = reference.actions.map((action) => {
    let text = action;
    for (const [label, aliases] of Object.entries(ROLE_ALIASES)) {
      for (const alias of aliases) text = text.replace(new RegExp(alias, 'ig'), label);
    }
    return text;
  });
  const participants = Object.keys(ROLE_ALIASES);
  const match = matchActionItems(items, normalisedRefs, participants);
  totals.matched += match.matched;
  totals.predicted += match.predicted;
  totals.reference += match.reference;
  totals.aChecked += match.assigneeChecked;
  totals.aCorrect += match.assigneeCorrect;
  if (verbose) {
    console.log(
      `## ${name}: R1 ${pct(r1)} R2 ${pct(r2)} RL ${pct(rl)}, items ${match.matched}/${match.predicted} matched of ${match.reference}, ${elapsed.toFixed(0)} ms`,
    );
    for (const item of items) console.log(`   + [${item.assignee ?? '-'}] ${item.task}`);
    for (const ref of reference.actions) console.log(`   ref: ${ref}`);
  }
}

const n = meetings.length;
const longest = Math.max(...perHour);
console.log('| figure | result | target |');
console.log('| --- | --- | --- |');
console.log(`| ROUGE-1 F1 (mean over meetings) | ${pct(totals.r1 / n)} | >= 32 |`);
console.log(`| ROUGE-2 F1 | ${pct(totals.r2 / n)} | — |`);
console.log(`| ROUGE-L F1 | ${pct(totals.rl / n)} | — |`);
console.log(
  `| action-item recall (${totals.matched}/${totals.reference}) | ${pct(totals.matched / totals.reference)}% | >= 40% |`,
);
console.log(
  `| action-item precision (${totals.matched}/${totals.predicted}) | ${pct(totals.matched / Math.max(1, totals.predicted))}% | >= 30% |`,
);
console.log(
  `| assignee accuracy on matched items naming one role (${totals.aCorrect}/${totals.aChecked}) | ${pct(totals.aCorrect / Math.max(1, totals.aChecked))}% | — |`,
);
console.log(`| time per meeting (mean) | ${(totals.ms / n).toFixed(0)} ms | — |`);
console.log(`| time per hour of meeting (worst meeting, scaled) | ${longest.toFixed(0)} ms | < 2000 ms |`);
