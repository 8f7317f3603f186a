// Cross-validation for the notes benchmark: meetings are split into folds by series (the four meetings of
// one AMI team stay together, so a fold never sees the people or the project of a held-out meeting), the
// action-item weights are fitted on the other folds (an L2-regularised logistic regression of "this
// candidate is a reference task" on its features, then the cut-off and the cap per hour by F2), and only
// held-out figures count. Nothing starts from the shipped weights, so a held-out fold never leaks in.
import type { Candidate } from '../packages/server/src/ai/builtin/action-candidates.ts';
import { selectCandidates } from '../packages/server/src/ai/builtin/action-items.ts';
import { type ActionItemWeights, FEATURES, type Feature } from '../packages/server/src/ai/builtin/action-weights.ts';
import { MATCH_THRESHOLD, matchActionItems, taskDice } from './notes-scoring.ts';

export interface PreparedMeeting {
  name: string;
  candidates: Candidate[];
  /** Per candidate: 1 when its task matches one of the references (the scoring's own test), else 0. */
  labels: number[];
  endMs: number;
  references: string[];
  participants: string[];
}

/** Folds of whole series: ES2002a-d together. */
export function seriesFolds(names: string[], folds: number): string[][] {
  const series = [...new Set(names.map((n) => n.slice(0, -1)))].sort();
  return Array.from({ length: folds }, (_, k) => names.filter((n) => series.indexOf(n.slice(0, -1)) % folds === k));
}

export interface Counts {
  matched: number;
  predicted: number;
  reference: number;
  assigneeChecked: number;
  assigneeCorrect: number;
}

export function evaluate(meetings: PreparedMeeting[], weights: ActionItemWeights, threshold = MATCH_THRESHOLD): Counts {
  const total: Counts = { matched: 0, predicted: 0, reference: 0, assigneeChecked: 0, assigneeCorrect: 0 };
  for (const m of meetings) {
    const items = selectCandidates(m.candidates, weights, m.endMs).map((c) => ({ task: c.task, assignee: c.assignee }));
    const r = matchActionItems(items, m.references, m.participants, threshold);
    for (const key of Object.keys(total) as Array<keyof Counts>) total[key] += r[key];
  }
  return total;
}

/**
 * F2 of items: recall counts twice as much as precision, as the targets do (recall 45 % at precision
 * 35 %): a missed task is worse for the user than one to delete.
 */
const BETA = 2;
export const objective = (c: Counts) =>
  c.matched === 0 ? 0 : ((1 + BETA * BETA) * c.matched) / (c.predicted + BETA * BETA * c.reference);

/** Each candidate labelled by the scoring's own match (Dice of task words) against the meeting's references. */
export function labelCandidates(candidates: Candidate[], references: string[], participants: string[]): number[] {
  const similarity = taskDice(participants);
  return candidates.map((c) => (references.some((r) => similarity(c.task, r) >= MATCH_THRESHOLD) ? 1 : 0));
}

/** L2 penalty: a weak prior towards 0 that keeps a rare feature from taking an extreme weight. */
const L2 = 0.001;
const STEPS = 400;
const LEARNING_RATE = 0.5;
/** The cut-off is a probability of being a task; the cap a number of items per hour of meeting. */
const PROBABILITIES = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5];
const PER_HOUR = [6, 8, 10, 12, 16, 24];

/** Logistic regression by full-batch gradient descent: a weight per feature and the intercept. */
function logistic(train: PreparedMeeting[]): { weights: Record<Feature, number>; intercept: number } {
  const rows = train.flatMap((m) =>
    m.candidates.map((c, i) => ({ x: FEATURES.filter((f) => c.features.has(f)), y: m.labels[i]! })),
  );
  const weights = Object.fromEntries(FEATURES.map((f) => [f, 0])) as Record<Feature, number>;
  let intercept = 0;
  for (let step = 0; step < STEPS; step++) {
    const gradient = Object.fromEntries(FEATURES.map((f) => [f, 0])) as Record<Feature, number>;
    let gradientIntercept = 0;
    for (const { x, y } of rows) {
      let z = intercept;
      for (const f of x) z += weights[f];
      const error = 1 / (1 + Math.exp(-z)) - y;
      gradientIntercept += error;
      for (const f of x) gradient[f] += error;
    }
    for (const f of FEATURES) weights[f] -= LEARNING_RATE * (gradient[f] / rows.length + L2 * weights[f]);
    intercept -= (LEARNING_RATE * gradientIntercept) / rows.length;
  }
  return { weights, intercept };
}

/**
 * The weights for the training meetings: feature weights from the logistic regression, then the
 * probability cut-off and the cap per hour that give the best F2 on the same meetings.
 */
export function fitWeights(train: PreparedMeeting[]): ActionItemWeights {
  const { weights, intercept } = logistic(train);
  const features = Object.fromEntries(FEATURES.map((f) => [f, round(weights[f])])) as Record<Feature, number>;
  let best: ActionItemWeights | null = null;
  let bestScore = -1;
  for (const p of PROBABILITIES) {
    for (const perHour of PER_HOUR) {
      const candidate = { features, minScore: round(Math.log(p / (1 - p)) - intercept), perHour };
      const score = objective(evaluate(train, candidate));
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
  }
  return best!;
}

const round = (x: number) => Math.round(x * 100) / 100;
