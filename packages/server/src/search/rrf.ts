// Reciprocal rank fusion (Cormack et al. 2009): each retriever's ranked list adds 1 / (k + rank) to a
// document's score. It needs no score calibration between retrievers, which is why it suits fusing
// BM25, trigram similarity and phonetic matches.

export const RRF_K = 60;

export interface FusedHit {
  id: string;
  score: number;
  /** The retrievers that returned this document, in the order they were given. */
  matchedBy: string[];
}

export function reciprocalRankFusion(lists: Record<string, string[]>, k = RRF_K): FusedHit[] {
  const hits = new Map<string, FusedHit>();
  for (const [retriever, ids] of Object.entries(lists)) {
    ids.forEach((id, index) => {
      const hit = hits.get(id) ?? { id, score: 0, matchedBy: [] };
      hit.score += 1 / (k + index + 1);
      if (!hit.matchedBy.includes(retriever)) hit.matchedBy.push(retriever);
      hits.set(id, hit);
    });
  }
  return [...hits.values()].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
