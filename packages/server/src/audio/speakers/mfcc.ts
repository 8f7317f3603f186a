/**
 * Mel-frequency cepstral coefficients (MFCC) for 16 kHz mono audio, in plain TypeScript.
 *
 * 25 ms Hamming windows every 10 ms, 512-point FFT, triangular mel filters, log, DCT-II.
 */

export interface MfccOptions {
  sampleRate?: number;
  /** Window length in samples; default 400 (25 ms at 16 kHz). */
  frameLength?: number;
  /** Hop in samples; default 160 (10 ms). */
  hop?: number;
  fftSize?: number;
  melBands?: number;
  /** Number of cepstral coefficients returned, c0 included; default 20. */
  coefficients?: number;
  lowHz?: number;
  highHz?: number;
  preEmphasis?: number;
}

export interface MfccResult {
  /** Frame count. */
  frames: number;
  /** Coefficients per frame (c0..c{n-1}). */
  dims: number;
  /** Row-major [frames × dims]. */
  data: Float32Array;
  /** Log energy (natural log of mean squared amplitude) per frame. */
  logEnergy: Float32Array;
}

function hzToMel(hz: number): number {
  return 2595 * Math.log10(1 + hz / 700);
}

function melToHz(mel: number): number {
  return 700 * (10 ** (mel / 2595) - 1);
}

/** Triangular mel filterbank as [bands × (fftSize/2+1)] weights. */
export function melFilterbank(
  sampleRate: number,
  fftSize: number,
  bands: number,
  lowHz: number,
  highHz: number,
): Float32Array[] {
  const bins = fftSize / 2 + 1;
  const lowMel = hzToMel(lowHz);
  const highMel = hzToMel(Math.min(highHz, sampleRate / 2));
  const points: number[] = [];
  for (let i = 0; i < bands + 2; i++) points.push(melToHz(lowMel + ((highMel - lowMel) * i) / (bands + 1)));
  const binHz = sampleRate / fftSize;
  const filters: Float32Array[] = [];
  for (let b = 0; b < bands; b++) {
    const f = new Float32Array(bins);
    const l = points[b]!;
    const c = points[b + 1]!;
    const r = points[b + 2]!;
    for (let k = 0; k < bins; k++) {
      const hz = k * binHz;
      if (hz > l && hz < c) f[k] = (hz - l) / (c - l);
      else if (hz >= c && hz < r) f[k] = (r - hz) / (r - c);
    }
    filters.push(f);
  }
  return filters;
}

/** In-place iterative radix-2 complex FFT. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  if ((n & (n - 1)) !== 0) throw new Error('fft size must be a power of two');
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      let t = re[i]!;
      re[i] = re[j]!;
      re[j] = t;
      t = im[i]!;
      im[i] = im[j]!;
      im[j] = t;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    const half = len >> 1;
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < half; k++) {
        const a = i + k;
        const b = a + half;
        const xr = re[b]! * cr - im[b]! * ci;
        const xi = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
}

interface Prepared {
  o: Required<MfccOptions>;
  window: Float64Array;
  filters: Array<{ start: number; weights: Float64Array }>;
  dct: Float64Array[];
}

const preparedCache = new Map<string, Prepared>();

function prepare(options: MfccOptions): Prepared {
  const o: Required<MfccOptions> = {
    sampleRate: options.sampleRate ?? 16000,
    frameLength: options.frameLength ?? 400,
    hop: options.hop ?? 160,
    fftSize: options.fftSize ?? 512,
    melBands: options.melBands ?? 40,
    coefficients: options.coefficients ?? 20,
    lowHz: options.lowHz ?? 60,
    highHz: options.highHz ?? 7600,
    preEmphasis: options.preEmphasis ?? 0.97,
  };
  const key = JSON.stringify(o);
  const hit = preparedCache.get(key);
  if (hit) return hit;
  const window = new Float64Array(o.frameLength);
  for (let i = 0; i < o.frameLength; i++) window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (o.frameLength - 1));
  const filters = melFilterbank(o.sampleRate, o.fftSize, o.melBands, o.lowHz, o.highHz).map((f) => {
    let s = 0;
    while (s < f.length && f[s] === 0) s++;
    let e = f.length;
    while (e > s && f[e - 1] === 0) e--;
    return { start: s, weights: Float64Array.from(f.subarray(s, e)) };
  });
  const dct: Float64Array[] = [];
  for (let c = 0; c < o.coefficients; c++) {
    const row = new Float64Array(o.melBands);
    const scale = c === 0 ? Math.sqrt(1 / o.melBands) : Math.sqrt(2 / o.melBands);
    for (let m = 0; m < o.melBands; m++) row[m] = scale * Math.cos((Math.PI * c * (m + 0.5)) / o.melBands);
    dct.push(row);
  }
  const p = { o, window, filters, dct };
  preparedCache.set(key, p);
  return p;
}

/** Log mel energies and MFCCs of `samples`; frames start every `hop` samples while a full window fits. */
export function mfcc(samples: Float32Array, options: MfccOptions = {}): MfccResult {
  const { o, window, filters, dct } = prepare(options);
  const frames = samples.length >= o.frameLength ? 1 + Math.floor((samples.length - o.frameLength) / o.hop) : 0;
  const dims = o.coefficients;
  const data = new Float32Array(frames * dims);
  const logEnergy = new Float32Array(frames);
  const re = new Float64Array(o.fftSize);
  const im = new Float64Array(o.fftSize);
  const power = new Float64Array(o.fftSize / 2 + 1);
  const logMel = new Float64Array(o.melBands);
  for (let f = 0; f < frames; f++) {
    const off = f * o.hop;
    re.fill(0);
    im.fill(0);
    let energy = 0;
    let prev = off > 0 ? samples[off - 1]! : samples[off]!;
    for (let i = 0; i < o.frameLength; i++) {
      const x = samples[off + i]!;
      energy += x * x;
      re[i] = (x - o.preEmphasis * prev) * window[i]!;
      prev = x;
    }
    logEnergy[f] = Math.log(energy / o.frameLength + 1e-10);
    fft(re, im);
    for (let k = 0; k < power.length; k++) power[k] = re[k]! * re[k]! + im[k]! * im[k]!;
    for (let m = 0; m < filters.length; m++) {
      const { start, weights } = filters[m]!;
      let s = 0;
      for (let k = 0; k < weights.length; k++) s += weights[k]! * power[start + k]!;
      logMel[m] = Math.log(s + 1e-10);
    }
    for (let c = 0; c < dims; c++) {
      const row = dct[c]!;
      let s = 0;
      for (let m = 0; m < row.length; m++) s += row[m]! * logMel[m]!;
      data[f * dims + c] = s;
    }
  }
  return { frames, dims, data, logEnergy };
}
