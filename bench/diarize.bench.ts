/**
 * The speaker stage alone on real meetings (prints figures; not a test): no recognition, so a run
 * over the 12 AMI files takes ~20 s and settings can be compared quickly. Each recording's speech
 * pieces go through the speaker features and `diarize()` as in the pipeline, and the pieces, cut at
 * speaker changes, are scored like the transcript segments of `npm run meetings` (DER with a 0.25 s
 * collar and overlap scored, speakers found vs true, single-label files).
 *
 *   npm run diarize -w @parley/bench [-- DIR] [--reference-speech] [--options JSON]
 *
 * --reference-speech: the speech pieces are the reference turns (joined across pauses < 0.5 s, cut
 *   at 20 s) instead of the VAD's, i.e. the speaker stage as it would do with a perfect VAD; what is
 *   left of the miss is overlapped speech (a second voice over a first), which a one-label-at-a-time
 *   diarizer cannot score.
 * --options: DiarizeOptions as JSON, e.g. '{"clustering":{"lambda":1.75}}'.
 * Pooled figures are also given per half (alternate files), for leave-half-out checks of a setting.
 */
import { join } from 'node:path';
import { decodePcmStream } from '../packages/server/src/audio/decoding/ffmpeg.ts';
import { type DiarizeOptions, diarize, SpeakerFeatures } from '../packages/server/src/audio/speakers/diarize.ts';
import { SileroVad, speechPieces } from '../packages/server/src/audio/speech/vad.ts';
import { majorSpeakers, meetingNames, meetingsDir, readTruth, type Truth } from './meeting-data.ts';
import { diarizationErrorRate } from './scoring/der.ts';

const argv = process.argv.slice(2);
const optionValue = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const referenceSpeech = argv.includes('--reference-speech');
const diarizeOptions = JSON.parse(optionValue('--options') ?? '{}') as DiarizeOptions;
const positional = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--options');
const dir = meetingsDir(positional[0]);
const SR = 16000;

/** Speech pieces and speaker blocks of one recording, from the VAD or from the reference turns. */
async function analyse(path: string, truth: Truth, vad: SileroVad) {
  const features = new SpeakerFeatures();
  const pieces: Array<{ start: number; end: number }> = [];
  if (!referenceSpeech) {
    for await (const p of speechPieces(decodePcmStream(path), { vad })) {
      features.addPiece(p);
      pieces.push({ start: p.start, end: p.end });
    }
    return { blocks: features.blocks, pieces };
  }
  const chunks: Float32Array[] = [];
  for await (const c of decodePcmStream(path)) chunks.push(c);
  const audio = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    audio.set(c, at);
    at += c.length;
  }
  const regions: Array<[number, number]> = [];
  for (const t of [...truth.turns].sort((a, b) => a.start - b.start)) {
    const last = regions[regions.length - 1];
    if (last && t.start - last[1] < 0.5) last[1] = Math.max(last[1], t.end);
    else regions.push([t.start, t.end]);
  }
  for (const [a, b] of regions) {
    const parts = Math.ceil((b - a) / 20);
    for (let k = 0; k < parts; k++) {
      const start = a + ((b - a) * k) / parts;
      const end = a + ((b - a) * (k + 1)) / parts;
      features.addPiece({ start, samples: audio.subarray(Math.round(start * SR), Math.round(end * SR)) });
      pieces.push({ start, end });
    }
  }
  return { blocks: features.blocks, pieces };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`# Parley speaker stage on real meetings — ${new Date().toISOString()}`);
console.log(
  `${dir}; speech from ${referenceSpeech ? 'the reference turns' : 'the VAD'}; options ${JSON.stringify(diarizeOptions)}`,
);
console.log('\nfile                       DER   miss    FA  conf | spk found/true | blocks');
const vad = await SileroVad.load();
type Sums = { total: number; miss: number; falseAlarm: number; confusion: number };
const pooled = { all: newSums(), withSpeech: newSums(), half: [newSums(), newSums()] };
let countOk = 0;
let countScored = 0;
let singleLabel = 0;
const names = meetingNames(dir);
for (const [index, name] of names.entries()) {
  const truth = readTruth(dir, name);
  const { blocks, pieces } = await analyse(join(dir, `${name}.wav`), truth, vad);
  const parts = diarize(blocks, pieces, diarizeOptions).parts.flat();
  const der = diarizationErrorRate(truth.turns, parts, { collar: 0.25 });
  const found = new Set(parts.map((p) => p.speaker)).size;
  if (truth.metrics.speakers) {
    countScored++;
    if (Math.abs(found - truth.refSpeakers) <= 1) countOk++;
  }
  const single = found <= 1 && majorSpeakers(truth.turns) >= 2;
  if (single) singleLabel++;
  if (truth.metrics.der) {
    add(pooled.all, der);
    add(pooled.half[index % 2]!, der);
    if (pieces.length) add(pooled.withSpeech, der);
  }
  console.log(
    `${name.padEnd(22)} ${pct(der.der).padStart(6)} ${pct(der.miss / der.total).padStart(6)} ${pct(
      der.falseAlarm / der.total,
    ).padStart(5)} ${pct(der.confusion / der.total).padStart(5)} | ${String(found).padStart(5)}/${truth.refSpeakers}${
      single ? ' ONE-LABEL' : ''
    } | ${blocks.length}${pieces.length ? '' : ' (no speech found)'}`,
  );
}
console.log(`\nDER ${line(pooled.all)}`);
console.log(`DER over the files where speech was found: ${line(pooled.withSpeech)}`);
console.log(`halves (alternate files): ${line(pooled.half[0]!)} | ${line(pooled.half[1]!)}`);
console.log(`speaker count within one of the truth: ${countOk}/${countScored} files`);
console.log(`single label where ≥ 2 people each speak ≥ 15%: ${singleLabel} files`);

function newSums(): Sums {
  return { total: 0, miss: 0, falseAlarm: 0, confusion: 0 };
}

function add(s: Sums, d: Sums): void {
  s.total += d.total;
  s.miss += d.miss;
  s.falseAlarm += d.falseAlarm;
  s.confusion += d.confusion;
}

function line(s: Sums): string {
  const t = s.total || 1;
  return `${pct((s.miss + s.falseAlarm + s.confusion) / t)} (miss ${pct(s.miss / t)}, false alarm ${pct(
    s.falseAlarm / t,
  )}, confusion ${pct(s.confusion / t)}; ${s.total.toFixed(0)} s scored)`;
}
