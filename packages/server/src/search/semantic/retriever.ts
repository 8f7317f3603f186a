import type { SearchComponents } from '@parley/contract';
import type { EmbeddingsRepository } from '../../repositories/embeddings.ts';
import type { SearchScope } from '../store.ts';
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
/**
 * Comparing stops after this long: on a very large library the newest passages (pages come newest
 * first) are compared and the response says so, rather than the search taking tens of seconds.
 */
export const SCAN_BUDGET_MS = 1500;
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
      const scan = await nearest(vectors.pages(scope, client.model, query.length, PAGE_SIZE), query, {
        k: SEMANTIC_HITS,
        minSimilarity,
        deadline: Date.now() + SCAN_BUDGET_MS,
      });
      const component: Component = { enabled: true, hits: scan.ids.length };
      if (!scan.complete) {
        component.reason = `Compared the ${scan.compared.toLocaleString('en')} most recent passages within the time limit`;
      }
      return { ids: scan.ids, component };
    },
  };
}

/**
 * The ids of the k vectors closest to `query` at or above `minSimilarity`, best first, one page in
 * memory at a time. Past `deadline` (checked between pages) the scan stops with what it has compared.
 */
export async function nearest(
  pages: AsyncIterable<Array<{ segment_id: string; vector: Uint8Array }>>,
  query: Float32Array,
  opts: { k: number; minSimilarity: number; deadline?: number; now?: () => number },
): Promise<{ ids: string[]; compared: number; complete: boolean }> {
  const { k, minSimilarity, deadline = Number.POSITIVE_INFINITY, now = Date.now } = opts;
  const top = new TopK<string>(k);
  const scratch = new Float32Array(query.length);
  let compared = 0;
  let complete = true;
  for await (const page of pages) {
    // Checked when another page has come: a scan that ends in time is never reported as cut short.
    if (compared > 0 && now() > deadline) {
      complete = false;
      break;
    }
    for (const row of page) {
      const score = dot(query, fromBlob(row.vector, scratch));
      if (score >= minSimilarity) top.push(score, row.segment_id);
    }
    compared += page.length;
  }
  return { ids: top.sorted().map((entry) => entry.item), compared, complete };
}
