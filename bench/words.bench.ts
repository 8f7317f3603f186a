/**
 * Where the words go wrong on real meetings (prints figures; not a test). Runs each recording of a
 * meetings folder (the format of shared/data/ami-audio) through the server's `transcribeFile` with
 * Silero's pieces and no speaker stage (recognition is the same as the default path's: the
 * segmentation model only labels speakers), then aligns hypothesis and reference without fillers and
 * splits the errors: substitutions, insertions, deletions, and where each deleted word was (in
 * overlap with another speaker's words, outside every recognised piece = speech the VAD missed, or
 * inside a piece = the recogniser dropped it). Also piece lengths and repeated words in the output.
 *
 *   node bench/words.bench.ts [DIR] [--tiny] [--narrowband] [--pipeline JSON] [--verbose]
 * --narrowband: each file first goes through a telephone channel (ffmpeg: 8 kHz, 300-3400 Hz,
 * G.711 mu-law), as a phone call reaches Parley. --pipeline: TranscribeFileOptions as JSON.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Diarizer } from '../packages/server/src/audio/pipeline/pipeline.ts';
import { createTranscriber } from '../packages/server/src/audio/pipeline/transcriber.ts';
import { DEFAULT_MOONSHINE_MODEL } from '../packages/server/src/config.ts';
import { meetingNames, meetingsDir, readTruth, tuningHalf } from './meeting-data.ts';
import { corpusWordErrorRate, FILLERS, normalizeText, withoutFillers } from './scoring/wer.ts';
import { alignWords, type WordOp } from './scoring/word-alignment.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const positional = argv.filter((a, i) => !a.startsWith('--') && !['--pipeline'].includes(argv[i - 1] ?? ''));
const dir = meetingsDir(positional[0]);
const size = flag('--tiny')
  ? 'tiny'
  : ((process.env.MOONSHINE_MODEL as 'tiny' | 'base' | undefined) ?? DEFAULT_MOONSHINE_MODEL);
const narrowband = flag('--narrowband');
const verbose = flag('--verbose');
const pipeline = option('--pipeline') ? (JSON.parse(option('--pipeline')!) as object) : {};

console.log(`# words bench — ${new Date().toISOString()}`);
console.log(
  `${dir}; moonshine-${size}${narrowband ? ', telephone channel (8 kHz mu-law)' : ''}; pipeline ${JSON.stringify(pipeline)}; ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

let pieces: Array<{ start: number; end: number; text: string }> = [];
// records the recognised pieces; every piece on one speaker (WER does not depend on speakers)
const recordPieces: Diarizer = (_blocks, segments) => {
  pieces = (segments as Array<{ start: number; end: number; text: string }>).map((s) => ({ ...s }));
  return {
    speakerCount: 1,
    labels: segments.map(() => 'Speaker 1'),
    parts: segments.map((s) => [{ start: s.start, end: s.end, speaker: 'Speaker 1' }]),
    blockSpeakers: [],
  };
};
const transcribe = await createTranscriber(
  {
    engine: 'local',
    moonshineModel: size,
    modelsDir: resolve(import.meta.dirname, '../models'),
    threads: 1,
    remote: undefined,
  },
  { info() {}, warn: (o, m) => console.warn(m, o) },
  undefined,
  { speakerSegmentation: false, diarizer: recordPieces, ...pipeline },
);

const tmp = mkdtempSync(join(tmpdir(), 'parley-words-'));
const telephone = (wav: string, name: string) => {
  const out = join(tmp, `${name}.wav`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    wav,
    '-af',
    'highpass=f=300,lowpass=f=3400',
    '-ar',
    '8000',
    '-ac',
    '1',
    '-c:a',
    'pcm_mulaw',
    out,
  ]);
  return out;
};

interface Tally {
  words: number;
  sub: number;
  ins: number;
  del: number;
  delOverlap: number;
  delMissed: number;
  delInPiece: number;
  repeats: number;
}
const tally = (): Tally => ({
  words: 0,
  sub: 0,
  ins: 0,
  del: 0,
  delOverlap: 0,
  delMissed: 0,
  delInPiece: 0,
  repeats: 0,
});
const add = (a: Tally, b: Tally) => {
  for (const k of Object.keys(a) as Array<keyof Tally>) a[k] += b[k];
};
const totals = { A: tally(), B: tally(), all: tally() };
// the benchmark's own WER (meetings.bench.ts): against the reference text, whose order differs from the timed words' where people overlap
const official = {
  A: [] as Array<{ reference: string; hypothesis: string }>,
  B: [] as Array<{ reference: string; hypothesis: string }>,
};
const lengths: number[] = [];
const pct = (x: number, n: number) => `${((100 * x) / Math.max(1, n)).toFixed(1)}%`;
const row = (t: Tally) =>
  `${String(t.words).padStart(4)} ${pct(t.sub + t.ins + t.del, t.words).padStart(6)} | S ${String(t.sub).padStart(3)} I ${String(t.ins).padStart(3)} D ${String(t.del).padStart(3)} (overlap ${t.delOverlap}, VAD missed ${t.delMissed}, in a piece ${t.delInPiece}) | repeats ${t.repeats}`;

console.log('\nfile                   words    WER | errors (aligned with the timed reference words)');
let wall = 0;
let audio = 0;
for (const name of meetingNames(dir)) {
  const truth = readTruth(dir, name);
  if (!truth.metrics.wer) continue;
  const wav = join(dir, `${name}.wav`);
  const t0 = performance.now();
  const r = await transcribe(narrowband ? telephone(wav, name) : wav, {
    onProgress() {},
    signal: new AbortController().signal,
  });
  wall += (performance.now() - t0) / 1000;
  audio += r.durationSeconds;
  // reference tokens with their times and speaker (a word may normalise to several tokens)
  const ref = truth.words.flatMap((w) =>
    normalizeText(w.w)
      .filter((t) => !FILLERS.has(t))
      .map((t) => ({ t, start: w.start, end: w.end, speaker: w.speaker })),
  );
  const hyp = pieces.flatMap((p) => normalizeText(p.text).filter((t) => !FILLERS.has(t)));
  const ops = alignWords(
    ref.map((x) => x.t),
    hyp,
  );
  const t = tally();
  t.words = ref.length;
  const inPiece = (s: number, e: number) => pieces.some((p) => p.start < e && p.end > s);
  const overlapped = (i: number) => {
    const w = ref[i]!;
    return truth.turns.some((u) => u.speaker !== w.speaker && u.start < w.end && u.end > w.start);
  };
  const shown: string[] = [];
  for (const op of ops as WordOp[]) {
    if (op.kind === 'sub') t.sub++;
    else if (op.kind === 'ins') t.ins++;
    else if (op.kind === 'del') {
      t.del++;
      const w = ref[op.ref!]!;
      if (!inPiece(w.start, w.end)) t.delMissed++;
      else if (overlapped(op.ref!)) t.delOverlap++;
      else t.delInPiece++;
    }
    if (verbose) {
      if (op.kind === 'ok') shown.push(ref[op.ref!]!.t);
      else if (op.kind === 'sub') shown.push(`[${ref[op.ref!]!.t}→${hyp[op.hyp!]}]`);
      else if (op.kind === 'del') shown.push(`[-${ref[op.ref!]!.t}]`);
      else shown.push(`[+${hyp[op.hyp!]}]`);
    }
  }
  // the same word said three times or more in a row by the recogniser (a decoding loop)
  for (let i = 2; i < hyp.length; i++) if (hyp[i] === hyp[i - 1] && hyp[i] === hyp[i - 2]) t.repeats++;
  for (const p of pieces) lengths.push(p.end - p.start);
  const pair = {
    reference: withoutFillers(truth.text),
    hypothesis: withoutFillers(pieces.map((p) => p.text).join(' ')),
  };
  official[tuningHalf(name)].push(pair);
  add(totals[tuningHalf(name)], t);
  add(totals.all, t);
  console.log(`${name.padEnd(22)} ${row(t)} | WER nf ${(100 * corpusWordErrorRate([pair]).wer).toFixed(1)}%`);
  if (verbose) {
    for (const p of pieces) console.log(`    ${p.start.toFixed(2)}-${p.end.toFixed(2)} ${p.text}`);
    console.log(`    ${shown.join(' ')}`);
  }
}
rmSync(tmp, { recursive: true, force: true });
lengths.sort((a, b) => a - b);
const werOf = (pairs: Array<{ reference: string; hypothesis: string }>) => {
  const w = corpusWordErrorRate(pairs);
  return `${(100 * w.wer).toFixed(1)}% (${w.errors}/${w.words})`;
};
console.log(
  `\nWER without fillers as meetings.bench.ts scores it: half A ${werOf(official.A)}, half B ${werOf(official.B)}, pooled ${werOf([...official.A, ...official.B])}`,
);
const q = (f: number) => lengths[Math.min(lengths.length - 1, Math.floor(f * lengths.length))]!.toFixed(1);
console.log('');
for (const [k, t] of Object.entries(totals)) console.log(`${k === 'all' ? 'pooled' : `half ${k}`}`.padEnd(22), row(t));
console.log(
  `pieces ${lengths.length}: length p10 ${q(0.1)} s, median ${q(0.5)} s, p90 ${q(0.9)} s, max ${q(1)} s; RTF ${(wall / audio).toFixed(3)}`,
);
