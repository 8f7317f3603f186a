/**
 * Calls or ordinary stereo (prints figures; not a test): how often layout.ts tells a two-channel file
 * with one party per side (a call) from the same room heard twice (ordinary stereo), on files made by
 * rule from the clean speech of pocketsphinx-testdata and codec2-examples, jfk.wav and the AMI
 * excerpts. No recognition: only the layout judgement, so it runs in a minute.
 *
 * The voices are split: the rules were chosen on the dev voices (LibriVox reader, JFK, AMI EN2001*)
 * and read once on the held-out ones (codec2's speakers, the cards clips, the other AMI meetings).
 *
 *   npm run layout -w @parley/bench [-- --verbose]
 *
 * Calls: voice A on the left, B on the right (turns, both at once, B only while A talks, B's
 * back-channels), with no bleed, B heard on the left 26 dB down, an acoustic echo (15 dB down, 30 ms
 * late, a room's tail), two lapel microphones hearing each other 18 dB down, the right side through a
 * telephone band. Ordinary stereo: one mono recording (a voice, two voices in turns, an AMI room) as
 * the same on both sides, panned 3-9 dB, a spaced pair (0.5-3 ms apart), two rooms' reflections, each
 * side with its own noise, two people panned ±6 dB.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { channelLayout, layoutEvidence } from '../packages/server/src/audio/decoding/layout.ts';
import { CODEC2_WAV_DIR, fixtureFfmpeg, jfkWavPath, POCKETSPHINX_DIR } from '../packages/server/test/fixtures/audio.ts';
import { meetingsDir } from './meeting-data.ts';

const RATE = 16000;
const verbose = process.argv.includes('--verbose');
/** --dump FILE: every case's evidence as JSON lines (with --verbose), to try rules on. */
const dump = process.argv.includes('--dump') ? process.argv[process.argv.indexOf('--dump') + 1] : undefined;
const dumped: string[] = [];
const ffmpeg = fixtureFfmpeg();
const dir = mkdtempSync(join(tmpdir(), 'parley-layout-'));
const ami = meetingsDir();

function decode(path: string): Float32Array {
  const raw = execFileSync(ffmpeg, ['-v', 'error', '-i', path, '-ac', '1', '-ar', String(RATE), '-f', 'f32le', '-'], {
    maxBuffer: 1 << 28,
  });
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4).slice();
}

function concat(parts: Float32Array[], gapSeconds: number): Float32Array {
  const gap = Math.round(gapSeconds * RATE);
  const out = new Float32Array(parts.reduce((n, p) => n + p.length + gap, 0));
  let k = 0;
  for (const p of parts) {
    out.set(p, k);
    k += p.length + gap;
  }
  return out;
}

/** The loud end of a signal brought to about -20 dBFS RMS over its speech. */
function normalise(x: Float32Array): Float32Array {
  let e = 0;
  let n = 0;
  for (const v of x)
    if (Math.abs(v) > 1e-3) {
      e += v * v;
      n++;
    }
  const g = n ? 0.1 / Math.sqrt(e / n) : 1;
  return x.map((v) => v * g);
}

interface Voice {
  name: string;
  audio: Float32Array;
}

const voice = (name: string, paths: string[]): Voice => ({
  name,
  audio: normalise(concat(paths.map(decode), 0.8)),
});
const sphinx = (sub: string, ext = '.wav') =>
  readdirSync(join(POCKETSPHINX_DIR, sub))
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => join(POCKETSPHINX_DIR, sub, f));
const amiVoice = (name: string) => voice(name, [join(ami, `${name}.wav`)]);
const codec2 = (names: string[]) => names.map((n) => join(CODEC2_WAV_DIR, `${n}.wav`));

const dev: Voice[] = [
  voice('librivox-reader', sphinx('librivox')),
  voice('jfk', [jfkWavPath()]),
  amiVoice('ami-trn00-EN2001a'),
  amiVoice('ami-trn02-EN2001d'),
  amiVoice('ami-trn03-EN2001e'),
];
const heldOut: Voice[] = [
  voice('ve9qrp', codec2(['ve9qrp'])),
  voice('cards', sphinx('cards')),
  voice('harvard', codec2(['mmt1', 'hts1a', 'hts2a', 'morig', 'forig'])),
  voice('vk5qi', codec2(['vk5qi', 'vk2tpm_004'])),
  amiVoice('ami-trn04-EN2003a'),
  amiVoice('ami-trn06-EN2005a'),
  amiVoice('ami-trn09-EN2009b'),
];

const dbGain = (d: number) => 10 ** (d / 20);
const delayed = (x: Float32Array, seconds: number, length = x.length + Math.round(seconds * RATE)) => {
  const out = new Float32Array(length);
  out.set(x.subarray(0, Math.max(0, length - Math.round(seconds * RATE))), Math.round(seconds * RATE));
  return out;
};
const add = (a: Float32Array, b: Float32Array, gb = 1) => {
  const out = new Float32Array(Math.max(a.length, b.length));
  out.set(a);
  for (let i = 0; i < b.length; i++) out[i]! += gb * b[i]!;
  return out;
};
const padTo = (x: Float32Array, n: number) => (x.length >= n ? x : add(new Float32Array(n), x));

/** A seeded random source, so every run makes the same files. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A room's reflections: the direct sound and 150 taps over 300 ms decaying 60 dB, seeded. */
function room(x: Float32Array, seed: number): Float32Array {
  const rnd = random(seed);
  const out = x.slice();
  for (let t = 0; t < 150; t++) {
    const lag = Math.round((0.003 + rnd() * 0.3) * RATE);
    const g = (rnd() - 0.5) * 0.6 * 10 ** ((-3 * lag) / (0.3 * RATE));
    for (let i = lag; i < x.length; i++) out[i]! += g * x[i - lag]!;
  }
  return out;
}

function noise(n: number, db: number, seed: number): Float32Array {
  const rnd = random(seed);
  const g = 0.1 * dbGain(db) * Math.sqrt(3);
  return Float32Array.from({ length: n }, () => (2 * rnd() - 1) * g);
}

/** 300-3400 Hz by two one-pole filters (a telephone line). */
function telephone(x: Float32Array): Float32Array {
  const out = new Float32Array(x.length);
  const lp = Math.exp((-2 * Math.PI * 3400) / RATE);
  const hp = Math.exp((-2 * Math.PI * 300) / RATE);
  let low = 0;
  let prevIn = 0;
  let high = 0;
  for (let i = 0; i < x.length; i++) {
    low = (1 - lp) * x[i]! + lp * low;
    high = hp * (high + low - prevIn);
    prevIn = low;
    out[i] = high;
  }
  return out;
}

/** Cut a voice into pieces of 2-6 s (seeded), so turns can alternate. */
function pieces(x: Float32Array, seed: number): Float32Array[] {
  const rnd = random(seed);
  const out: Float32Array[] = [];
  for (let i = 0; i < x.length; ) {
    const n = Math.round((2 + 4 * rnd()) * RATE);
    out.push(x.subarray(i, i + n));
    i += n;
  }
  return out;
}

type Arrangement = 'turns' | 'at-once' | 'inside' | 'back-channel';

/** Voice a's track and voice b's track, as they talk in a call. */
function arrange(a: Float32Array, b: Float32Array, how: Arrangement, seed: number): [Float32Array, Float32Array] {
  const limit = 60 * RATE;
  a = a.subarray(0, limit);
  b = b.subarray(0, limit);
  if (how === 'at-once') return [a, b];
  if (how === 'inside') {
    // b's first 10 s fall wholly while a talks
    const bb = b.subarray(0, Math.min(b.length, 10 * RATE, Math.max(RATE, a.length - 4 * RATE)));
    return [a, delayed(bb, Math.max(0, (a.length - bb.length) / 2 / RATE))];
  }
  if (how === 'back-channel') {
    // a talks; b says a second of something every 6 s
    const rnd = random(seed);
    let bt = new Float32Array(a.length);
    for (let t = 3 * RATE; t + RATE < a.length; t += 6 * RATE) {
      const at = Math.round(rnd() * (b.length - RATE));
      bt = add(bt, delayed(b.subarray(at, at + RATE), t / RATE));
    }
    return [a, bt];
  }
  // turns: pieces in alternation, a quarter second of overlap now and then
  const pa = pieces(a, seed);
  const pb = pieces(b, seed + 1);
  let la = new Float32Array(0);
  let lb = new Float32Array(0);
  let t = 0;
  const rnd = random(seed + 2);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    for (const [p, which] of [
      [pa[i], 0],
      [pb[i], 1],
    ] as const) {
      if (!p) continue;
      const start = Math.max(0, t - (rnd() < 0.3 ? 0.25 * RATE : -0.3 * RATE));
      if (which === 0) la = add(la, delayed(p, start / RATE));
      else lb = add(lb, delayed(p, start / RATE));
      t = start + p.length;
    }
  }
  return [la, lb];
}

type Coupling = 'clean' | 'bleed-26' | 'echo-15' | 'lapel-18' | 'telephone';

function callOf(a: Float32Array, b: Float32Array, coupling: Coupling, seed: number): [Float32Array, Float32Array] {
  const n = Math.max(a.length, b.length) + RATE;
  let l = padTo(a, n);
  let r = padTo(b, n);
  if (coupling === 'bleed-26') l = add(l, r, dbGain(-26));
  if (coupling === 'echo-15') l = add(l, room(delayed(r, 0.03, n), seed), dbGain(-15));
  if (coupling === 'lapel-18')
    [l, r] = [add(l, delayed(r, 0.002, n), dbGain(-18)), add(r, delayed(l, 0.002, n), dbGain(-18))];
  if (coupling === 'telephone') r = telephone(r);
  // each line's own noise floor, 55 dB under its speech
  return [add(l, noise(n, -55, seed + 7)), add(r, noise(n, -55, seed + 8))];
}

type Stereo = 'same' | 'pan-3' | 'pan-9' | 'spaced-0.5ms' | 'spaced-3ms' | 'rooms' | 'noisy' | 'two-panned-6';

function ordinaryOf(m: Float32Array, how: Stereo, seed: number, second?: Float32Array): [Float32Array, Float32Array] {
  const n = m.length + RATE;
  m = padTo(m, n);
  switch (how) {
    case 'same':
      return [m, m];
    case 'pan-3':
      return [m, m.map((v) => v * dbGain(-3))];
    case 'pan-9':
      return [m.map((v) => v * dbGain(-9)), m];
    case 'spaced-0.5ms':
      return [m, delayed(m, 0.0005, n).map((v) => v * dbGain(-1))];
    case 'spaced-3ms':
      return [delayed(m, 0.003, n), m.map((v) => v * dbGain(-2))];
    case 'rooms':
      return [room(m, seed), room(delayed(m, 0.006, n), seed + 1)];
    case 'noisy':
      return [add(m, noise(n, -30, seed)), add(m, noise(n, -30, seed + 1))];
    case 'two-panned-6': {
      const s = padTo(second!, n);
      const [a, b] = arrange(m, s, 'turns', seed);
      const k = Math.max(a.length, b.length);
      return [add(padTo(a, k), b, dbGain(-6)), add(padTo(b, k), a, dbGain(-6))];
    }
  }
}

function writeStereo(name: string, [l, r]: [Float32Array, Float32Array]): { path: string; seconds: number } {
  const n = Math.max(l.length, r.length);
  const data = Buffer.alloc(44 + 4 * n);
  data.write('RIFF', 0);
  data.writeUInt32LE(36 + 4 * n, 4);
  data.write('WAVEfmt ', 8);
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(2, 22);
  data.writeUInt32LE(RATE, 24);
  data.writeUInt32LE(RATE * 4, 28);
  data.writeUInt16LE(4, 32);
  data.writeUInt16LE(16, 34);
  data.write('data', 36);
  data.writeUInt32LE(4 * n, 40);
  const s16 = (v: number) => Math.max(-32768, Math.min(32767, Math.round(v * 32768)));
  for (let i = 0; i < n; i++) {
    data.writeInt16LE(s16(l[i] ?? 0), 44 + 4 * i);
    data.writeInt16LE(s16(r[i] ?? 0), 46 + 4 * i);
  }
  const path = join(dir, `${name}.wav`);
  writeFileSync(path, data);
  return { path, seconds: n / RATE };
}

interface Case {
  name: string;
  expected: 'sides' | 'mix';
  stereo: [Float32Array, Float32Array];
}

function casesOf(voices: Voice[]): Case[] {
  const cases: Case[] = [];
  let seed = 1;
  for (const [i, a] of voices.entries()) {
    const b = voices[(i + 1) % voices.length]!;
    const arrangements: Arrangement[] = ['turns', 'at-once', 'inside', 'back-channel'];
    const couplings: Coupling[] = ['clean', 'bleed-26', 'echo-15', 'lapel-18', 'telephone'];
    for (const how of arrangements)
      for (const coupling of couplings) {
        const [ta, tb] = arrange(a.audio, b.audio, how, seed++);
        cases.push({
          name: `call ${a.name}|${b.name} ${how} ${coupling}`,
          expected: 'sides',
          stereo: callOf(ta, tb, coupling, seed++),
        });
      }
    const mono = a.audio.subarray(0, 60 * RATE);
    const stereos: Stereo[] = [
      'same',
      'pan-3',
      'pan-9',
      'spaced-0.5ms',
      'spaced-3ms',
      'rooms',
      'noisy',
      'two-panned-6',
    ];
    for (const how of stereos)
      cases.push({
        name: `stereo ${a.name}${how === 'two-panned-6' ? `+${b.name}` : ''} ${how}`,
        expected: 'mix',
        stereo: ordinaryOf(mono, how, seed++, b.audio.subarray(0, 60 * RATE)),
      });
  }
  return cases;
}

console.log(
  `# Parley: calls or ordinary stereo (layout.ts) — ${new Date().toISOString()}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
try {
  for (const [split, voices] of [
    ['dev', dev],
    ['held-out', heldOut],
  ] as const) {
    const wrong: string[] = [];
    const counts = { sides: [0, 0], mix: [0, 0] };
    for (const c of casesOf(voices)) {
      const { path, seconds } = writeStereo('case', c.stereo);
      const judged = await channelLayout(path, seconds);
      const ok = judged.layout === c.expected;
      counts[c.expected][ok ? 0 : 1]!++;
      if (!ok) wrong.push(c.name);
      if (verbose || !ok) {
        const e = await layoutEvidence(path, seconds);
        console.log(
          `${split} ${ok ? 'ok   ' : 'WRONG'} ${c.name.padEnd(64)} ${judged.layout.padEnd(5)} ${JSON.stringify(e)}`,
        );
        if (dump) dumped.push(JSON.stringify({ split, name: c.name, expected: c.expected, ...e }));
      }
    }
    const [cr, cw] = counts.sides;
    const [or, ow] = counts.mix;
    console.log(
      `\n${split}: calls heard side by side ${cr}/${cr! + cw!}, ordinary stereo kept one mix ${or}/${or! + ow!}\n`,
    );
  }
  if (dump) writeFileSync(dump, `${dumped.join('\n')}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
