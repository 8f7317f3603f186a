/**
 * Diarization error rate as NIST md-eval scores it: reference and hypothesis speaker turns are laid
 * on a 10 ms grid; a collar around every reference turn boundary is not scored; overlapping speech
 * is scored (a frame with two reference speakers counts twice); reference and hypothesis speakers
 * are mapped one-to-one so that the matched time is largest. For benchmarks and tests.
 */

export interface SpeakerTurn {
  speaker: string;
  /** Seconds. */
  start: number;
  end: number;
}

export interface DerResult {
  /** Scored reference speech (seconds, counting each overlapping speaker). */
  total: number;
  miss: number;
  falseAlarm: number;
  confusion: number;
  /** (miss + falseAlarm + confusion) / total; 0 when nothing is scored. */
  der: number;
  /** Reference speaker → hypothesis speaker chosen by the optimal mapping. */
  mapping: Record<string, string>;
}

const STEP = 0.01;

function speakersOf(turns: SpeakerTurn[]): string[] {
  return [...new Set(turns.map((t) => t.speaker))];
}

/** Per frame, a bit mask of the speakers active (at most 31 speakers per side). */
function frameMasks(turns: SpeakerTurn[], names: string[], frames: number): Uint32Array {
  const masks = new Uint32Array(frames);
  for (const t of turns) {
    const bit = 1 << names.indexOf(t.speaker);
    const a = Math.max(0, Math.round(t.start / STEP));
    const b = Math.min(frames, Math.round(t.end / STEP));
    for (let f = a; f < b; f++) masks[f]! |= bit;
  }
  return masks;
}

/** One-to-one assignment maximising the summed gain (dynamic programming over the used hypothesis speakers). */
export function bestMapping(gain: number[][], hypCount: number): number[] {
  const refCount = gain.length;
  if (hypCount > 16) throw new Error('bestMapping: too many hypothesis speakers');
  const states = 1 << hypCount;
  // value[i][used]: best gain for references i.. given the used set
  let next = new Float64Array(states);
  const choice: Int8Array[] = [];
  for (let i = refCount - 1; i >= 0; i--) {
    const cur = new Float64Array(states);
    const ch = new Int8Array(states).fill(-1);
    for (let used = 0; used < states; used++) {
      let best = next[used]!;
      let arg = -1;
      for (let j = 0; j < hypCount; j++) {
        if (used & (1 << j)) continue;
        const v = gain[i]![j]! + next[used | (1 << j)]!;
        if (v > best) {
          best = v;
          arg = j;
        }
      }
      cur[used] = best;
      ch[used] = arg;
    }
    choice[i] = ch;
    next = cur;
  }
  const out: number[] = [];
  let used = 0;
  for (let i = 0; i < refCount; i++) {
    const j = choice[i]![used]!;
    out.push(j);
    if (j >= 0) used |= 1 << j;
  }
  return out;
}

function popcount(x: number): number {
  let n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  return n;
}

export function diarizationErrorRate(
  reference: SpeakerTurn[],
  hypothesis: SpeakerTurn[],
  options: { collar?: number } = {},
): DerResult {
  const collar = options.collar ?? 0.25;
  const end = Math.max(0, ...reference.map((t) => t.end), ...hypothesis.map((t) => t.end));
  const frames = Math.ceil(end / STEP) + 1;
  const refNames = speakersOf(reference);
  const hypNames = speakersOf(hypothesis);
  const ref = frameMasks(reference, refNames, frames);
  const hyp = frameMasks(hypothesis, hypNames, frames);
  const scored = new Uint8Array(frames).fill(1);
  for (const t of reference) {
    for (const edge of [t.start, t.end]) {
      const a = Math.max(0, Math.round((edge - collar) / STEP));
      const b = Math.min(frames, Math.round((edge + collar) / STEP));
      for (let f = a; f < b; f++) scored[f] = 0;
    }
  }
  // matched time per (reference, hypothesis) speaker pair, on scored frames
  const gain = refNames.map(() => new Array<number>(hypNames.length).fill(0));
  for (let f = 0; f < frames; f++) {
    if (!scored[f] || !ref[f] || !hyp[f]) continue;
    for (let i = 0; i < refNames.length; i++) {
      if (!(ref[f]! & (1 << i))) continue;
      for (let j = 0; j < hypNames.length; j++) if (hyp[f]! & (1 << j)) gain[i]![j]! += STEP;
    }
  }
  const map = bestMapping(gain, hypNames.length);
  let total = 0;
  let miss = 0;
  let falseAlarm = 0;
  let confusion = 0;
  for (let f = 0; f < frames; f++) {
    if (!scored[f]) continue;
    const r = popcount(ref[f]!);
    const h = popcount(hyp[f]!);
    let correct = 0;
    for (let i = 0; i < refNames.length; i++) {
      const j = map[i]!;
      if (j >= 0 && ref[f]! & (1 << i) && hyp[f]! & (1 << j)) correct++;
    }
    total += r;
    miss += Math.max(0, r - h);
    falseAlarm += Math.max(0, h - r);
    confusion += Math.min(r, h) - correct;
  }
  const mapping: Record<string, string> = {};
  refNames.forEach((n, i) => {
    if (map[i]! >= 0) mapping[n] = hypNames[map[i]!]!;
  });
  total *= STEP;
  miss *= STEP;
  falseAlarm *= STEP;
  confusion *= STEP;
  return { total, miss, falseAlarm, confusion, der: total ? (miss + falseAlarm + confusion) / total : 0, mapping };
}
