// LexRank (Erkan & Radev 2004) over TF-IDF sentence vectors, and MMR selection (Carbonell & Goldstein 1998).
import type { Sentence } from './text.ts';

export type Vector = Map<string, number>;

export function tfidfVectors(sentences: Sentence[]): Vector[] {
  const documentFrequency = new Map<string, number>();
  for (const s of sentences)
    for (const term of new Set(s.terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const n = sentences.length;
  return sentences.map((s) => {
    const vector: Vector = new Map();
    for (const term of s.terms) vector.set(term, (vector.get(term) ?? 0) + 1);
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

/**
 * Continuous LexRank: power iteration on the cosine-similarity graph. Similarities come from an inverted
 * index, so the cost follows the number of shared terms rather than every pair of sentences.
 */
export function lexRank(vectors: Vector[], { damping = 0.85, iterations = 30, threshold = 0.1 } = {}): number[] {
  const n = vectors.length;
  if (n === 0) return [];
  const postings = new Map<string, Array<[number, number]>>();
  vectors.forEach((vector, i) => {
    for (const [term, weight] of vector) {
      const list = postings.get(term) ?? [];
      if (list.length === 0) postings.set(term, list);
      list.push([i, weight]);
    }
  });
  const edges: Array<Map<number, number>> = vectors.map(() => new Map());
  for (const list of postings.values()) {
    for (let a = 0; a < list.length; a++) {
      const [i, wi] = list[a]!;
      for (let b = a + 1; b < list.length; b++) {
        const [j, wj] = list[b]!;
        const row = edges[i]!;
        row.set(j, (row.get(j) ?? 0) + wi * wj);
      }
    }
  }
  const neighbours: Array<Array<[number, number]>> = vectors.map(() => []);
  edges.forEach((row, i) => {
    for (const [j, sim] of row) {
      if (sim < threshold) continue;
      neighbours[i]!.push([j, sim]);
      neighbours[j]!.push([i, sim]);
    }
  });
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

/** Picks items in score order, each penalised by its likeness to what is already picked. */
export function mmrSelect(
  candidates: number[],
  score: (i: number) => number,
  vectors: Vector[],
  accept: (picked: number[], next: number) => boolean,
  lambda = 0.7,
): number[] {
  const picked: number[] = [];
  const remaining = new Set(candidates);
  while (remaining.size > 0) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const i of remaining) {
      let redundancy = 0;
      for (const j of picked) redundancy = Math.max(redundancy, cosine(vectors[i]!, vectors[j]!));
      const value = lambda * score(i) - (1 - lambda) * redundancy;
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
