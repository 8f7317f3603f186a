// Scoring for the notes benchmark: ROUGE-N/L F1 (Lin 2004, with light stemming, stopwords kept) and a
// fuzzy one-to-one match of action items.
import { contentTerms, stem, words } from '../packages/server/src/ai/builtin/text.ts';

const tokens = (text: string) => words(text).map(stem);

function ngrams(list: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= list.length; i++) {
    const key = list.slice(i, i + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const f1 = (overlap: number, candidate: number, reference: number) => {
  if (overlap === 0) return 0;
  const p = overlap / candidate;
  const r = overlap / reference;
  return (2 * p * r) / (p + r);
};

export function rougeN(candidate: string, reference: string, n: number): number {
  const c = ngrams(tokens(candidate), n);
  const r = ngrams(tokens(reference), n);
  let overlap = 0;
  for (const [key, count] of c) overlap += Math.min(count, r.get(key) ?? 0);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return f1(overlap, total(c), total(r));
}

export function rougeL(candidate: string, reference: string): number {
  const a = tokens(candidate);
  const b = tokens(reference);
  let previous = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const row = new Uint16Array(b.length + 1);
    for (let j = 1; j <= b.length; j++) {
      row[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    }
    previous = row;
  }
  return f1(previous[b.length]!, a.length, b.length);
}

/** The summary as a reader sees it: no markdown syntax, headings or timestamp links. */
export function plainSummary(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n')
    .replace(/\(\[[\d:]+\]\(\?t=\d+\)\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '')
    .replace(/[*_`>-]/g, ' ');
}

export interface ItemMatch {
  matched: number;
  predicted: number;
  reference: number;
  assigneeChecked: number;
  assigneeCorrect: number;
}

/**
 * Pairs predicted and reference action items one-to-one, best first, when their task words (participant
 * names left out) have a Dice coefficient of at least `threshold`. Assignee accuracy is judged on matched
 * pairs whose reference names exactly one participant.
 */
/** Two items are the same task when their task words (participant names left out) have a Dice of at least this. */
export const MATCH_THRESHOLD = 0.3;

/** The Dice coefficient of two tasks' content words, the participants' names left out. */
export function taskDice(participants: string[]): (a: string, b: string) => number {
  const nameTerms = new Set(participants.flatMap((p) => contentTerms(p)));
  const taskTerms = (text: string) => new Set(contentTerms(text).filter((t) => !nameTerms.has(t)));
  return (x, y) => {
    const a = taskTerms(x);
    const b = taskTerms(y);
    const shared = [...a].filter((t) => b.has(t)).length;
    return (2 * shared) / Math.max(1, a.size + b.size);
  };
}

export function matchActionItems(
  predicted: Array<{ task: string; assignee: string | null }>,
  reference: string[],
  participants: string[],
  threshold = MATCH_THRESHOLD,
): ItemMatch {
  const similarity = taskDice(participants);
  const pairs: Array<[number, number, number]> = [];
  predicted.forEach((p, i) => {
    reference.forEach((r, j) => {
      const dice = similarity(p.task, r);
      if (dice >= threshold) pairs.push([dice, i, j]);
    });
  });
  pairs.sort((x, y) => y[0] - x[0]);
  const usedP = new Set<number>();
  const usedR = new Set<number>();
  let assigneeChecked = 0;
  let assigneeCorrect = 0;
  for (const [, i, j] of pairs) {
    if (usedP.has(i) || usedR.has(j)) continue;
    usedP.add(i);
    usedR.add(j);
    const named = participants.filter((p) => reference[j]!.toLowerCase().includes(p.toLowerCase()));
    if (named.length === 1) {
      assigneeChecked++;
      if (predicted[i]!.assignee?.toLowerCase() === named[0]!.toLowerCase()) assigneeCorrect++;
    }
  }
  return {
    matched: usedP.size,
    predicted: predicted.length,
    reference: reference.length,
    assigneeChecked,
    assigneeCorrect,
  };
}
