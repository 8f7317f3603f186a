import { normalize } from './vectors.ts';

// Any OpenAI-compatible embeddings endpoint (OpenAI, Ollama, llama.cpp, vLLM, LocalAI): POST
// {base}/embeddings with {model, input: [...]}, answered by {data: [{index, embedding}]}.

export interface EmbeddingsConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  minSimilarity: number;
}

export class EmbeddingsError extends Error {
  /** False when asking again cannot help (a refused key, an unknown model). */
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

export interface EmbeddingsClient {
  model: string;
  /** One unit vector per text, in order. */
  embed(texts: string[], opts: { signal?: AbortSignal; timeoutMs: number }): Promise<Float32Array[]>;
}

export function embeddingsClient(config: EmbeddingsConfig): EmbeddingsClient {
  const url = `${config.baseUrl}/embeddings`;
  return {
    model: config.model,
    async embed(texts, { signal, timeoutMs }) {
      if (texts.length === 0) return [];
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: config.model, input: texts }),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        if (timeout.aborted) {
          throw new EmbeddingsError(`The embeddings endpoint did not answer within ${timeoutMs / 1000} s`, true);
        }
        throw new EmbeddingsError(`Could not reach the embeddings endpoint at ${url}`, true);
      }
      const body = await response.text().catch(() => '');
      if (!response.ok) {
        const detail = body.replace(/\s+/g, ' ').slice(0, 200);
        // A refused key, an unknown model or a malformed request will not do better on a retry.
        const permanent = [400, 401, 403, 404, 422].includes(response.status);
        throw new EmbeddingsError(`The embeddings endpoint answered HTTP ${response.status}: ${detail}`, !permanent);
      }
      return parseVectors(body, texts.length);
    },
  };
}

function parseVectors(body: string, expected: number): Float32Array[] {
  let data: unknown;
  try {
    data = (JSON.parse(body) as { data?: unknown }).data;
  } catch {
    throw new EmbeddingsError('The embeddings endpoint answered something that is not JSON', true);
  }
  if (!Array.isArray(data) || data.length !== expected) {
    throw new EmbeddingsError(
      `The embeddings endpoint answered ${Array.isArray(data) ? data.length : 0} vectors for ${expected} texts`,
      true,
    );
  }
  const vectors: Float32Array[] = new Array(expected);
  data.forEach((entry: { index?: unknown; embedding?: unknown }, position) => {
    const index = typeof entry?.index === 'number' ? entry.index : position;
    const embedding = entry?.embedding;
    if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every(Number.isFinite)) {
      throw new EmbeddingsError('The embeddings endpoint answered a vector that is not a list of numbers', false);
    }
    vectors[index] = normalize(embedding as number[]);
  });
  if (vectors.some((v) => v === undefined) || new Set(vectors.map((v) => v.length)).size !== 1) {
    throw new EmbeddingsError('The embeddings endpoint answered vectors of different sizes', false);
  }
  return vectors;
}
