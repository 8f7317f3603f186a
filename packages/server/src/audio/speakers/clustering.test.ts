import { describe, expect, it } from 'vitest';
import { amiMeeting } from '../../../test/fixtures/audio.ts';
import { decodePcmStream } from '../decoding/ffmpeg.ts';
import { SileroVad, speechPieces } from '../speech/vad.ts';
import { Clusters, clusterSegments } from './clustering.ts';
import { deltaBic, GaussStats, gaussianParameters } from './gaussian.ts';
import { SpeakerFeatures } from './speaker-features.ts';
import { sample, voice } from './synthetic-voices.ts';

const voices = [voice(0), voice(1), voice(2)];

describe('clusterSegments', () => {
  it('finds how many voices there are, without being told', () => {
    // 3 voices, 8 segments of 1 s each, interleaved
    const which = [0, 1, 2, 0, 1, 2, 0, 1, 0, 2, 1, 0];
    const labels = clusterSegments(which.map((v, i) => sample(100, voices[v]!, 100 + i)));
    expect(new Set(labels).size).toBe(3);
    // same voice, same label; different voices, different labels
    for (let i = 0; i < which.length; i++)
      for (let j = 0; j < which.length; j++) expect(labels[i] === labels[j]).toBe(which[i] === which[j]);
  });

  it('keeps one voice in one cluster', () => {
    const labels = clusterSegments(Array.from({ length: 20 }, (_, i) => sample(100, [], 200 + i)));
    expect(new Set(labels).size).toBe(1);
  });

  it('pre-merges neighbours when there are too many segments, and still separates the voices', () => {
    const which = Array.from({ length: 40 }, (_, i) => Math.floor(i / 10) % 2);
    const labels = clusterSegments(
      which.map((v, i) => sample(100, voices[v]!, 300 + i)),
      { maxInitialClusters: 12 },
    );
    expect(new Set(labels).size).toBe(2);
    for (let i = 0; i < which.length; i++) expect(labels[i] === labels[0]).toBe(which[i] === which[0]);
  });
});

describe('the clusters’ cached log-determinants', () => {
  /** log|Σ| as main 4332c67 computed it: the covariance with its ridge, a fresh Cholesky factor. */
  function plainLogDet(s: GaussStats): number {
    const d = s.d;
    const n = Math.max(1, s.n);
    const mu = s.sum.map((v) => v / n);
    const c = new Float64Array(d * d);
    for (let p = 0; p < d; p++)
      for (let q = p; q < d; q++) {
        c[p * d + q] = s.outer[p * d + q]! / n - mu[p]! * mu[q]! + (p === q ? 1e-2 : 0);
        c[q * d + p] = c[p * d + q]!;
      }
    const l = new Float64Array(d * d);
    let logDet = 0;
    for (let i = 0; i < d; i++)
      for (let j = 0; j <= i; j++) {
        let x = c[i * d + j]!;
        for (let k = 0; k < j; k++) x -= l[i * d + k]! * l[j * d + k]!;
        l[i * d + j] = i === j ? Math.sqrt(Math.max(x, 1e-12)) : x / l[j * d + j]!;
        if (i === j) logDet += 2 * Math.log(l[i * d + i]!);
      }
    return logDet;
  }

  /** deltaBic as written before each cluster kept its side (main 4332c67): every log-determinant per pair. */
  function plainDeltaBic(
    a0: GaussStats,
    b0: GaussStats,
    lambda: number,
    maxFrames = Infinity,
    maxPairFrames = Infinity,
  ) {
    const scale = Math.min(1, maxPairFrames / (a0.n + b0.n));
    const a = a0.capped(Math.min(maxFrames, a0.n * scale));
    const b = b0.capped(Math.min(maxFrames, b0.n * scale));
    const ab = GaussStats.merged(a, b);
    const n = ab.n;
    const gain = 0.5 * (n * plainLogDet(ab) - a.n * plainLogDet(a) - b.n * plainLogDet(b));
    return gain - lambda * 0.5 * gaussianParameters(a.d) * Math.log(n);
  }

  /** Speaker blocks (~0.5 s of MFCC statistics each) of a real meeting, as the pipeline measures them. */
  async function realBlocks(): Promise<GaussStats[]> {
    const vad = await SileroVad.load();
    const features = new SpeakerFeatures();
    for await (const p of speechPieces(decodePcmStream(amiMeeting('ami-trn06-EN2005a').path), { vad }))
      features.addPiece(p);
    return features.blocks.map((b) => b.stats);
  }

  it('gives every pair the cost deltaBic gives it, bit for bit, as clusters of real speech merge', async () => {
    const blocks = await realBlocks();
    expect(blocks.length).toBeGreaterThan(30);
    const lambda = 1.5;
    const cap = 300; // 3 s: merged clusters outgrow it, so the capped sides are checked too
    const clusters = new Clusters(blocks, cap, lambda);
    const same = (i: number, j: number) =>
      expect(Object.is(clusters.cost(i, j), plainDeltaBic(clusters.stats[i]!, clusters.stats[j]!, lambda, cap))).toBe(
        true,
      );
    // neighbours merged and removed (the pre-merge stage), then the cheapest pairs (the quadratic stage)
    for (let i = clusters.stats.length - 2; i >= 0; i -= 3) clusters.merge(i, i + 1, true);
    const alive = clusters.stats.map(() => true);
    for (let round = 0; round < 12; round++) {
      let best: [number, number, number] = [-1, -1, Infinity];
      for (let i = 0; i < alive.length; i++)
        for (let j = i + 1; alive[i] && j < alive.length; j++) {
          if (!alive[j]) continue;
          same(i, j);
          const c = clusters.cost(i, j);
          if (c < best[2]) best = [i, j, c];
        }
      clusters.merge(best[0], best[1]);
      alive[best[1]] = false;
    }
    expect(clusters.stats.some((s, i) => alive[i] && s.n > cap)).toBe(true);
    // the last pass's pair-capped costs and the other callers' go through the same sides
    const [a, b] = [clusters.stats[0]!, clusters.stats[1]!];
    expect(Object.is(deltaBic(a, b, lambda, Infinity, 250), plainDeltaBic(a, b, lambda, Infinity, 250))).toBe(true);
    expect(Object.is(deltaBic(a, b, 0, 500), plainDeltaBic(a, b, 0, 500))).toBe(true);
  });
});
