/**
 * Notes benchmark (prints figures; not a test): the builtin engine over the 40 AMI meetings in
 * ../shared/data/ami-notes, cross-validated. The meetings are split into 5 folds by series; the action-item
 * weights and the summary's length and diversity are chosen on four folds and scored on the fifth, so
 * every figure printed is held out: summary ROUGE-1/2/L F1 against the annotators' abstract, action-item
 * recall and precision (fuzzy match, bench/notes-scoring.ts), assignee accuracy, time per meeting.
 * It ends with the weights fitted on all 40 (what action-weights.ts ships).
 *   npm run notes -w @parley/bench   [-- --verbose]
 */
import { findCandidates } from '../packages/server/src/ai/builtin/action-candidates.ts';
import { extractActionItems, selectCandidates } from '../packages/server/src/ai/builtin/action-items.ts';
import { buildSummary, type SummaryOptions } from '../packages/server/src/ai/builtin/summary.ts';
import type { NotesInput } from '../packages/server/src/ai/types.ts';
import { amiMeetings, loadAmiMeeting } from '../packages/server/test/fixtures/ami-notes.ts';
import { type Counts, evaluate, fitWeights, labelCandidates, type PreparedMeeting, seriesFolds } from './notes-cv.ts';
import { plainSummary, rougeL, rougeN } from './notes-scoring.ts';

const verbose = process.argv.includes('--verbose');
const FOLDS = 5;
const pct = (x: number) => (100 * x).toFixed(1);
// The AMI annotators name roles in other words too ("interface specialist", "marketing executive").
const ROLE_ALIASES: Record<string, string[]> = {
  'User Interface Designer': ['user interface designer', 'interface specialist', 'interface designer', 'ui designer'],
  'Marketing Expert': ['marketing expert', 'marketing executive', 'marketing'],
  'Industrial Designer': ['industrial designer'],
  'Project Manager': ['project manager'],
};
const ROLE_OF = new Map(Object.entries(ROLE_ALIASES).flatMap(([label, aliases]) => aliases.map((a) => [a, label])));
// One pass, longest alias first, so "marketing" never rewrites inside "marketing expert".
const ROLE_PATTERN = new RegExp(`\\b(?:${[...ROLE_OF.keys()].sort((a, b) => b.length - a.length).join('|')})\\b`, 'gi');
/** Summary settings the folds choose between: words as a share of the transcript, and MMR's relevance weight. */
const SUMMARY_GRID: SummaryOptions[] = [0.01, 0.015, 0.02, 0.025, 0.03].flatMap((ratio) =>
  [0.3, 0.4, 0.5, 0.6, 0.7].map((lambda) => ({ ratio, lambda })),
);

const names = amiMeetings();
console.log(`# Parley notes benchmark (builtin engine, ${FOLDS}-fold cross-validation) — ${new Date().toISOString()}`);
console.log(`${names.length} AMI meetings from the ami-notes set; node ${process.version}\n`);

const prepared = new Map<string, PreparedMeeting>();
const rouge = new Map<string, Array<{ r1: number; r2: number; rl: number }>>();
const inputs = new Map<string, { input: NotesInput; abstract: string }>();
let extractMs = 0;
let summaryMs = 0;
let worstPerHour = 0;
for (const name of names) {
  const { input, reference } = loadAmiMeeting(name);
  const started = performance.now();
  const items = extractActionItems(input);
  buildSummary(input, items);
  const elapsed = performance.now() - started;
  extractMs += elapsed;
  worstPerHour = Math.max(worstPerHour, elapsed / (reference.durationSec / 3600));

  const references = reference.actions.map((action) =>
    action.replace(ROLE_PATTERN, (said) => ROLE_OF.get(said.toLowerCase())!),
  );
  const endMs = input.segments.at(-1)?.endMs ?? 0;
  const { candidates } = findCandidates(input);
  const participants = Object.keys(ROLE_ALIASES);
  prepared.set(name, {
    name,
    candidates,
    labels: labelCandidates(candidates, references, participants),
    endMs,
    references,
    participants,
  });
  inputs.set(name, { input, abstract: reference.abstract.join(' ') });
}

const folds = seriesFolds(names, FOLDS);
// Each fold's action-item weights, fitted without it.
const foldWeights = folds.map((test) =>
  fitWeights(names.filter((n) => !test.includes(n)).map((n) => prepared.get(n)!)),
);
// A summary lists the meeting's next steps: those of the weights fitted without the meeting, so no ROUGE
// figure draws on weights that saw it.
for (const name of names) {
  const { input, abstract } = inputs.get(name)!;
  const items = extractActionItems(input, foldWeights[folds.findIndex((f) => f.includes(name))]);
  const t = performance.now();
  rouge.set(
    name,
    SUMMARY_GRID.map((options) => {
      const plain = plainSummary(buildSummary(input, items, options));
      return { r1: rougeN(plain, abstract, 1), r2: rougeN(plain, abstract, 2), rl: rougeL(plain, abstract) };
    }),
  );
  summaryMs += (performance.now() - t) / SUMMARY_GRID.length;
}
const held: Counts = { matched: 0, predicted: 0, reference: 0, assigneeChecked: 0, assigneeCorrect: 0 };
/** The same held-out items under a stricter match (Dice >= 0.5): how much the figures lean on loose matches. */
const STRICT = 0.5;
const strict: Counts = { ...held };
const heldRouge = { r1: 0, r2: 0, rl: 0 };
const bestSummary = (train: string[]) => {
  const mean = (i: number) => train.reduce((sum, n) => sum + rouge.get(n)![i]!.r1, 0) / train.length;
  return SUMMARY_GRID.map((_, i) => i).reduce((a, b) => (mean(b) > mean(a) ? b : a));
};
folds.forEach((test, k) => {
  const train = names.filter((n) => !test.includes(n));
  const weights = foldWeights[k]!;
  const testMeetings = test.map((n) => prepared.get(n)!);
  const c = evaluate(testMeetings, weights);
  const cs = evaluate(testMeetings, weights, STRICT);
  for (const key of Object.keys(held) as Array<keyof Counts>) {
    held[key] += c[key];
    strict[key] += cs[key];
  }
  const s = bestSummary(train);
  for (const n of test) {
    const r = rouge.get(n)![s]!;
    heldRouge.r1 += r.r1;
    heldRouge.r2 += r.r2;
    heldRouge.rl += r.rl;
  }
  console.log(
    `fold ${k + 1} (${test.length} meetings, ${[...new Set(test.map((n) => n.slice(0, -1)))].join(' ')}): items ${c.matched}/${c.predicted} of ${c.reference}, summary ${JSON.stringify(SUMMARY_GRID[s])}`,
  );
  if (verbose) {
    for (const m of testMeetings) {
      console.log(`## ${m.name}`);
      for (const c of selectCandidates(m.candidates, weights, m.endMs))
        console.log(`   + [${c.assignee ?? '-'}] ${c.task}`);
      for (const ref of m.references) console.log(`   ref: ${ref}`);
    }
  }
});

const n = names.length;
console.log('\nHeld-out figures (each meeting scored by weights chosen without its series):\n');
console.log('| figure | result | target |');
console.log('| --- | --- | --- |');
console.log(`| ROUGE-1 F1 (mean over meetings) | ${pct(heldRouge.r1 / n)} | >= 33 |`);
console.log(`| ROUGE-2 F1 | ${pct(heldRouge.r2 / n)} | — |`);
console.log(`| ROUGE-L F1 | ${pct(heldRouge.rl / n)} | — |`);
console.log(
  `| action-item recall (${held.matched}/${held.reference}) | ${pct(held.matched / held.reference)}% | >= 45% |`,
);
console.log(
  `| action-item precision (${held.matched}/${held.predicted}) | ${pct(held.matched / Math.max(1, held.predicted))}% | >= 35% |`,
);
console.log(
  `| the same items at a stricter match, Dice >= ${STRICT} (recall, precision) | ${pct(strict.matched / strict.reference)}%, ${pct(strict.matched / Math.max(1, strict.predicted))}% | — |`,
);
console.log(
  `| assignee accuracy on matched items naming one role (${held.assigneeCorrect}/${held.assigneeChecked}) | ${pct(held.assigneeCorrect / Math.max(1, held.assigneeChecked))}% | — |`,
);
console.log(`| time per meeting, items + summary (mean) | ${(extractMs / n).toFixed(0)} ms | — |`);
console.log(`| summary alone (mean) | ${(summaryMs / n).toFixed(0)} ms | — |`);
console.log(`| time per hour of meeting (worst meeting, scaled) | ${worstPerHour.toFixed(0)} ms | < 2000 ms |`);

const all = fitWeights([...prepared.values()]);
const allCounts = evaluate([...prepared.values()], all);
console.log(
  `\nFitted on all ${n} (for action-weights.ts; in-sample, not a result): ${JSON.stringify(all)} -> ${allCounts.matched}/${allCounts.predicted} of ${allCounts.reference}`,
);
console.log(`Summary setting chosen on all ${n}: ${JSON.stringify(SUMMARY_GRID[bestSummary(names)])}`);
