// Vectors as the database keeps them: little-endian Float32, scaled to unit length when written, so
// cosine similarity is a plain dot product at search time.

/** Scales to unit length (a zero vector stays zero: it matches nothing). */
export function normalize(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] as number) ** 2;
  const norm = Math.sqrt(sum);
  const out = new Float32Array(values.length);
  if (norm === 0) return out;
  for (let i = 0; i < values.length; i++) out[i] = (values[i] as number) / norm;
  return out;
}

export function toBlob(vector: Float32Array): Buffer {
  const out = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) out.writeFloatLE(vector[i] as number, i * 4);
  return out;
}

/**
 * A blob read back as floats. The drivers' buffers need not start on a 4-byte boundary: those are
 * copied (one memcpy) into `scratch` when given (a scan reuses one), else into a new array.
 */
export function fromBlob(blob: Uint8Array, scratch?: Float32Array): Float32Array {
  const n = blob.byteLength >> 2;
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, n);
  const out = scratch && scratch.length === n ? scratch : new Float32Array(n);
  new Uint8Array(out.buffer, out.byteOffset, n * 4).set(blob.subarray(0, n * 4));
  return out;
}

/** Cosine similarity of two unit vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/**
 * The k best items seen so far, in O(k) memory: a min-heap whose root is the worst kept item, so a
 * scan over any number of candidates keeps only what it may return. Ties keep the first seen.
 */
export class TopK<T> {
  private readonly heap: Array<{ score: number; item: T; order: number }> = [];
  private seen = 0;
  private readonly k: number;

  constructor(k: number) {
    this.k = k;
  }

  get size(): number {
    return this.heap.length;
  }

  push(score: number, item: T): void {
    if (this.k <= 0) return;
    const entry = { score, item, order: this.seen++ };
    if (this.heap.length < this.k) {
      this.heap.push(entry);
      this.up(this.heap.length - 1);
    } else if (this.worse(this.heap[0]!, entry)) {
      this.heap[0] = entry;
      this.down(0);
    }
  }

  /** Best first. */
  sorted(): Array<{ score: number; item: T }> {
    return [...this.heap]
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .map(({ score, item }) => ({ score, item }));
  }

  /** Ranks below: a lower score, or the same score seen later. */
  private worse(a: { score: number; order: number }, b: { score: number; order: number }) {
    return a.score < b.score || (a.score === b.score && a.order > b.order);
  }

  private up(i: number) {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private down(i: number) {
    const h = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < h.length && this.worse(h[left]!, h[worst]!)) worst = left;
      if (right < h.length && this.worse(h[right]!, h[worst]!)) worst = right;
      if (worst === i) return;
      [h[i], h[worst]] = [h[worst]!, h[i]!];
      i = worst;
    }
  }
}
