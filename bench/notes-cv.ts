// Cross-validation for the notes benchmark: meetings are split into folds by series (the four meetings of
// one AMI team stay together, so a fold never sees the people or the project of a held-out meeting), the
// action-item weights are fitted on the other folds by coordinate ascent, and only held-out figures count.
import type { Candidate } from '../packages/server/src/ai/builtin/action-candidates.ts';
import { selectCandidates } from '../packages/server/src/ai/builtin/action-items.ts';
import { type ActionItemWeights, FEATURES } from '../packages/server/src/ai/builtin/action-weights.ts';
import { matchActionItems } from './notes-scoring.ts';

export interface PreparedMeeting {
  name: string;
  candidates: Candidate[];
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

export function evaluate(meetings: PreparedMeeting[], weights: ActionItemWeights): Counts {
  const total: Counts = { matched: 0, predicted: 0, reference: 0, assigneeChecked: 0, assigneeCorrect: 0 };
  for (const m of meetings) {
    const items = selectCandidates(m.candidates, weights, m.endMs).map((c) => ({ task: c.task, assignee: c.assignee }));
    const r = matchActionItems(items, m.references, m.participants);
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

const FEATURE_VALUES = [-1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3];
const MIN_SCORES = [1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 4];
const PER_HOUR = [4, 6, 8, 10, 12, 16];

/**
 * Coordinate ascent from `start`: each weight in turn takes the grid value that scores best on the
 * training meetings (a tie keeps the current value), until a pass changes nothing or after three passes.
 */
export function fitWeights(train: PreparedMeeting[], start: ActionItemWeights): ActionItemWeights {
  let best: ActionItemWeights = structuredClone(start);
  let bestScore = objective(evaluate(train, best));
  for (let pass = 0; pass < 3; pass++) {
    let changed = false;
    const tryValues = (values: number[], apply: (w: ActionItemWeights, v: number) => void) => {
      for (const value of values) {
        const next = structuredClone(best);
        apply(next, value);
        const score = objective(evaluate(train, next));
        if (score > bestScore + 1e-9) {
          best = next;
          bestScore = score;
          changed = true;
        }
      }
    };
    for (const feature of FEATURES) tryValues(FEATURE_VALUES, (w, v) => (w.features[feature] = v));
    tryValues(MIN_SCORES, (w, v) => (w.minScore = v));
    tryValues(PER_HOUR, (w, v) => (w.perHour = v));
    if (!changed) break;
  }
  return best;
}
