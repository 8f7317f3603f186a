import { describe, expect, it } from 'vitest';
import { nearest } from './retriever.ts';
import { dot, fromBlob, normalize, TopK, toBlob } from './vectors.ts';

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('TopK', () => {
  it('keeps exactly the k best of many, best first, never holding more than k', () => {
    const next = random(7);
    const scores = Array.from({ length: 10_000 }, () => next());
    const top = new TopK<number>(25);
    scores.forEach((score, i) => {
      top.push(score, i);
      expect(top.size).toBeLessThanOrEqual(25);
    });
    const expected = scores
      .map((score, i) => ({ score, item: i }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 25);
    expect(top.sorted()).toEqual(expected);
  });

  it('keeps the first seen among equal scores, and keeps everything when there are fewer than k', () => {
    const top = new TopK<string>(2);
    for (const id of ['a', 'b', 'c']) top.push(0.5, id);
    expect(top.sorted().map((e) => e.item)).toEqual(['a', 'b']);
    const roomy = new TopK<string>(10);
    roomy.push(0.1, 'x');
    roomy.push(0.9, 'y');
    expect(roomy.sorted()).toEqual([
      { score: 0.9, item: 'y' },
      { score: 0.1, item: 'x' },
    ]);
    const none = new TopK<string>(0);
    none.push(1, 'z');
    expect(none.sorted()).toEqual([]);
  });
});

describe('vectors', () => {
  it('round-trip through a blob, also from a buffer that does not start on a 4-byte boundary', () => {
    const v = normalize([3, 4, 0]);
    expect(Array.from(v)).toEqual([expect.closeTo(0.6), expect.closeTo(0.8), 0]);
    const blob = toBlob(v);
    const shifted = Buffer.concat([Buffer.from([9]), blob]).subarray(1);
    expect(shifted.byteOffset % 4).not.toBe(0);
    expect(Array.from(fromBlob(shifted))).toEqual(Array.from(v));
    expect(dot(fromBlob(blob), v)).toBeCloseTo(1);
    expect(Array.from(normalize([0, 0]))).toEqual([0, 0]);
  });
});

describe('nearest', () => {
  it('scans page by page and returns the k closest above the threshold, best first', async () => {
    const next = random(42);
    const dimension = 16;
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      segment_id: `s${String(i).padStart(5, '0')}`,
      vector: toBlob(normalize(Array.from({ length: dimension }, () => next() - 0.5))),
    }));
    const query = normalize(Array.from({ length: dimension }, () => next() - 0.5));
    let pagesRead = 0;
    async function* pages() {
      for (let i = 0; i < rows.length; i += 100) {
        pagesRead++;
        yield rows.slice(i, i + 100);
      }
    }
    const { ids: best, compared, complete } = await nearest(pages(), query, { k: 10, minSimilarity: 0.3 });
    const expected = rows
      .map((r) => ({ id: r.segment_id, score: dot(query, fromBlob(r.vector)) }))
      .filter((r) => r.score >= 0.3)
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((r) => r.id);
    expect(pagesRead).toBe(20);
    expect(best).toEqual(expected);
    expect(best).toHaveLength(10);
    expect({ compared, complete }).toEqual({ compared: 2_000, complete: true });
    expect((await nearest(pages(), query, { k: 10, minSimilarity: 0.99 })).ids).toEqual([]);

    // A clock that moves 10 ms per look: with a 35 ms budget, four pages are compared; the fifth, come
    // after the budget, is not, and nothing more is read.
    let clock = 0;
    pagesRead = 0;
    const now = () => (clock += 10);
    const cut = await nearest(pages(), query, { k: 10, minSimilarity: 0.3, deadline: 35, now });
    expect(cut.complete).toBe(false);
    expect(cut.compared).toBe(400);
    expect(pagesRead).toBe(5);
    const firstPages = rows.slice(0, 400).map((r) => ({ id: r.segment_id, score: dot(query, fromBlob(r.vector)) }));
    expect(cut.ids).toEqual(
      firstPages
        .filter((r) => r.score >= 0.3)
        .sort((a, b) => b.score - a.score)
        .slice(0, 10)
        .map((r) => r.id),
    );
  });
});
