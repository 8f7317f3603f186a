import type { SearchComponents } from '@parley/contract';
import type { EmbeddingsRepository } from '../../repositories/embeddings.ts';
import type { SearchScope } from '../../repositories/search.ts';
import type { EmbeddingsClient } from './client.ts';
import { dot, fromBlob, TopK } from './vectors.ts';

// The semantic retriever: the query is embedded (with a short timeout), then the scope's vectors are
// read a page at a time and compared by cosine similarity, keeping the best few in a bounded heap.
// Memory is one page of vectors plus the heap, whatever the size of the library.

type Component = SearchComponents['semantic'];

export interface SemanticResult {
  ids: string[];
  component: Component;
}

export interface SemanticRetriever {
  retrieve(scope: SearchScope, text: string): Promise<SemanticResult>;
}

/** Segments the retriever adds at most: it adds meaning-alike passages, it does not list the whole meeting. */
export const SEMANTIC_HITS = 20;
/** Vectors read per page: about 1.5 MB at 768 dimensions. */
export const PAGE_SIZE = 500;
/** A search waits this long for the query's vector, then answers without it. */
export const QUERY_TIMEOUT_MS = 3000;
const CACHED_QUERIES = 200;

interface Options {
  client: EmbeddingsClient;
  vectors: EmbeddingsRepository;
  minSimilarity: number;
  log: { warn: (obj: object, msg: string) => void };
}

export function semanticRetriever({ client, vectors, minSimilarity, log }: Options): SemanticRetriever {
  // Paging through results asks for the same query again: its vector is kept for a while.
  const cache = new Map<string, Float32Array>();
  async function queryVector(text: string): Promise<Float32Array> {
    const key = text.trim().toLowerCase();
    const cached = cache.get(key);
    if (cached) return cached;
    const [vector] = await client.embed([text], { timeoutMs: QUERY_TIMEOUT_MS });
    cache.set(key, vector!);
    if (cache.size > CACHED_QUERIES) cache.delete(cache.keys().next().value!);
    return vector!;
  }

  return {
    async retrieve(scope, text) {
      let query: Float32Array;
      try {
        query = await queryVector(text);
      } catch (error) {
        log.warn({ err: error }, 'semantic search unavailable: the query could not be embedded');
        const reason = `Semantic search is unavailable: ${(error as Error).message}`;
        return { ids: [], component: { enabled: false, hits: 0, reason } };
      }
      const best = await nearest(vectors.pages(scope, client.model, query.length, PAGE_SIZE), query, {
        k: SEMANTIC_HITS,
        minSimilarity,
      });
      return { ids: best, component: { enabled: true, hits: best.length } };
    },
  };
}

/** The ids of the k vectors closest to `query` at or above `minSimilarity`, best first, one page in memory at a time. */
export async function nearest(
  pages: AsyncIterable<Array<{ segment_id: string; vector: Uint8Array }>>,
  query: Float32Array,
  { k, minSimilarity }: { k: number; minSimilarity: number },
): Promise<string[]> {
  const top = new TopK<string>(k);
  const scratch = new Float32Array(query.length);
  for await (const page of pages) {
    for (const row of page) {
      const score = dot(query, fromBlob(row.vector, scratch));
      if (score >= minSimilarity) top.push(score, row.segment_id);
    }
  }
  return top.sorted().map((entry) => entry.item);
}
