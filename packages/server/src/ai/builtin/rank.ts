// LexRank (Erkan & Radev 2004) over TF-IDF sentence vectors, and MMR selection (Carbonell & Goldstein 1998).
import type { Sentence } from './text.ts';

export type Vector = Map<string, number>;

/**
 * A term found in more than this share of the sentences says nothing about any one of them: it gets no
 * weight (and costs nothing: the similarity work grows with the square of a term's sentence count).
 */
const COMMON_TERM_SHARE = 0.5;

export function tfidfVectors(sentences: Sentence[]): Vector[] {
  const documentFrequency = new Map<string, number>();
  for (const s of sentences)
    for (const term of new Set(s.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const n = sentences.length;
  const maxFrequency = Math.max(1, n * COMMON_TERM_SHARE);
  return sentences.map((s) => {
    const vector: Vector = new Map();
    for (const term of s.terms) {
      if (documentFrequency.get(term)! > maxFrequency) continue;
      vector.set(term, (vector.get(term) ?? 0) + 1);
    }
    let norm = 0;
    for (const [term, tf] of vector) {
      const weight = tf * Math.log((n + 1) / (documentFrequency.get(term)! + 0.5));
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) {
    const other = large.get(term);
    if (other) dot += weight * other;
  }
  return dot;
}

/** Each sentence keeps its most similar sentences only: the graph stays sparse (n x this edges at most). */
export const MAX_NEIGHBOURS = 30;

/**
 * Continuous LexRank: power iteration on the cosine-similarity graph, where each sentence is linked to
 * its `neighbours` most similar ones (above `threshold`). Similarities come from an inverted index into
 * one reused row, so the cost follows the shared terms, not every pair of sentences.
 */
export function lexRank(
  vectors: Vector[],
  { damping = 0.85, iterations = 30, threshold = 0.1, neighbours: keep = MAX_NEIGHBOURS } = {},
): number[] {
  const n = vectors.length;
  if (n === 0) return [];
  const postings = new Map<string, { ids: number[]; weights: number[] }>();
  vectors.forEach((vector, i) => {
    for (const [term, weight] of vector) {
      const list = postings.get(term) ?? { ids: [], weights: [] };
      if (list.ids.length === 0) postings.set(term, list);
      list.ids.push(i);
      list.weights.push(weight);
    }
  });
  const edges: Array<Map<number, number>> = vectors.map(() => new Map());
  const row = new Float64Array(n);
  const touched: number[] = [];
  vectors.forEach((vector, i) => {
    for (const [term, weight] of vector) {
      const { ids, weights } = postings.get(term)!;
      for (let p = 0; p < ids.length; p++) {
        const j = ids[p]!;
        if (j === i) continue;
        if (row[j] === 0) touched.push(j);
        row[j]! += weight * weights[p]!;
      }
    }
    const nearest = touched.filter((j) => row[j]! >= threshold).sort((a, b) => row[b]! - row[a]! || a - b);
    for (const j of nearest.slice(0, keep)) {
      edges[i]!.set(j, row[j]!);
      edges[j]!.set(i, row[j]!);
    }
    for (const j of touched) row[j] = 0;
    touched.length = 0;
  });
  const neighbours = edges.map((map) => [...map]);
  const outWeight = neighbours.map((list) => list.reduce((sum, [, w]) => sum + w, 0));
  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let i = 0; i < n; i++) {
      if (outWeight[i] === 0) continue;
      const share = (damping * scores[i]!) / outWeight[i]!;
      for (const [j, w] of neighbours[i]!) next[j]! += share * w;
    }
    scores = next;
  }
  return scores;
}

/**
 * Picks items in score order, each penalised by its likeness to what is already picked. Each item's
 * redundancy is updated with the last pick only, so a pick costs one pass over the items.
 */
export function mmrSelect(
  candidates: number[],
  score: (i: number) => number,
  vectors: Vector[],
  accept: (picked: number[], next: number) => boolean,
  lambda = 0.7,
): number[] {
  const picked: number[] = [];
  const remaining = new Set(candidates);
  const redundancy = new Map<number, number>();
  while (remaining.size > 0) {
    const last = picked.at(-1);
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const i of remaining) {
      let worst = redundancy.get(i) ?? 0;
      if (last !== undefined) {
        worst = Math.max(worst, cosine(vectors[i]!, vectors[last]!));
        redundancy.set(i, worst);
      }
      const value = lambda * score(i) - (1 - lambda) * worst;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    remaining.delete(best);
    if (!accept(picked, best)) break;
    picked.push(best);
  }
  return picked;
}

/** Each sentence's likeness to the meeting as a whole (Radev's centroid): what the meeting is mostly about. */
export function centroidSimilarity(vectors: Vector[]): number[] {
  const centroid: Vector = new Map();
  for (const vector of vectors)
    for (const [term, weight] of vector) centroid.set(term, (centroid.get(term) ?? 0) + weight);
  let norm = 0;
  for (const weight of centroid.values()) norm += weight * weight;
  norm = Math.sqrt(norm) || 1;
  return vectors.map((vector) => cosine(vector, centroid) / norm);
}
