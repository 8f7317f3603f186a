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
 * By default, as the pipeline: Silero's speech pieces and the segmentation model's speaker tracks
 * (docs/decisions/017). --no-segmentation: Silero and change detection only; --segmentation-pieces:
 * speech and overlap from the segmentation model too; --segmentation-options JSON: its
 * SegmentationOptions, e.g. '{"stepFrames":296}'; --segmenter JSON: SegmenterOptions; --features JSON:
 * the speaker features' FeatureOptions, e.g. '{"speechThreshold":0.3}'.
 * Quiet recordings are raised for speech detection as in the pipeline (level.ts).
 * Pooled figures are also given per half (tuningHalf in meeting-data.ts: A to choose, B held out).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { decodePcmStream } from '../packages/server/src/audio/decoding/ffmpeg.ts';
import { measureLevel, vadGainFor } from '../packages/server/src/audio/decoding/level.ts';
import {
  type DiarizeOptions,
  diarize,
  type FeatureOptions,
  SpeakerFeatures,
} from '../packages/server/src/audio/speakers/diarize.ts';
import {
  type SegmentationOptions,
  SpeakerSegmentation,
  type SpeakerTracks,
} from '../packages/server/src/audio/speech/segmentation.ts';
import { type SegmenterOptions, SileroVad, speechPieces } from '../packages/server/src/audio/speech/vad.ts';
import { majorSpeakers, meetingNames, meetingsDir, readTruth, type Truth, tuningHalf } from './meeting-data.ts';
import { diarizationErrorRate } from './scoring/der.ts';

const argv = process.argv.slice(2);
const optionValue = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const referenceSpeech = argv.includes('--reference-speech');
const diarizeOptions = JSON.parse(optionValue('--options') ?? '{}') as DiarizeOptions;
const useTracks = !argv.includes('--no-segmentation');
const silero = !argv.includes('--segmentation-pieces');
const segmentationOptions = JSON.parse(optionValue('--segmentation-options') ?? '{}') as SegmentationOptions;
const segmenterOptions = JSON.parse(optionValue('--segmenter') ?? '{}') as SegmenterOptions;
const featureOptions = JSON.parse(optionValue('--features') ?? '{}') as FeatureOptions;
const positional = argv.filter(
  (a, i) =>
    !a.startsWith('--') &&
    !['--options', '--segmentation-options', '--segmenter', '--features'].includes(argv[i - 1] ?? ''),
);
const dir = meetingsDir(positional[0]);
const SR = 16000;

/** Speech pieces and speaker blocks of one recording, from the VAD or from the reference turns. */
async function analyse(path: string, truth: Truth, vad: SileroVad) {
  const features = new SpeakerFeatures(featureOptions);
  const pieces: Array<{ start: number; end: number; overlap?: boolean }> = [];
  if (!referenceSpeech) {
    const gain = vadGainFor(await measureLevel(path));
    const seg = useTracks || !silero ? await SpeakerSegmentation.load({ gain, ...segmentationOptions }) : undefined;
    const options = !silero
      ? { threshold: 0.5, negThreshold: 0.5, segmentation: seg, ...segmenterOptions }
      : { vad, vadGain: gain, ...segmenterOptions };
    const pcm = seg && silero ? seg.hearing(decodePcmStream(path)) : decodePcmStream(path);
    for await (const p of speechPieces(pcm, options)) {
      if (!p.overlap) features.addPiece(p);
      pieces.push({ start: p.start, end: p.end, overlap: p.overlap === true });
    }
    return { blocks: features.blocks, pieces, tracks: seg ? await seg.finish() : undefined };
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
  return { blocks: features.blocks, pieces, tracks: undefined as SpeakerTracks | undefined };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`# Parley speaker stage on real meetings — ${new Date().toISOString()}`);
console.log(
  `${dir}; speech from ${referenceSpeech ? 'the reference turns' : silero ? 'Silero' : 'the segmentation model'}${
    useTracks && !referenceSpeech ? ', speaker tracks from the segmentation model' : ''
  }; options ${JSON.stringify({ diarizeOptions, segmentationOptions, segmenterOptions })}; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('\nfile                       DER   miss    FA  conf | spk found/true | blocks');
const vad = await SileroVad.load();
type Sums = { total: number; miss: number; falseAlarm: number; confusion: number };
const pooled = { all: newSums(), withSpeech: newSums(), half: { A: newSums(), B: newSums() } };
const countOk = { A: 0, B: 0 };
const countScored = { A: 0, B: 0 };
const t0 = performance.now();
let singleLabel = 0;
const names = meetingNames(dir);
for (const name of names) {
  const truth = readTruth(dir, name);
  const half = tuningHalf(name);
  const { blocks, pieces, tracks } = await analyse(join(dir, `${name}.wav`), truth, vad);
  const parts = diarize(blocks, pieces, diarizeOptions, tracks).parts.flat();
  const der = diarizationErrorRate(truth.turns, parts, { collar: 0.25 });
  const found = new Set(parts.map((p) => p.speaker)).size;
  if (truth.metrics.speakers) {
    countScored[half]++;
    if (Math.abs(found - truth.refSpeakers) <= 1) countOk[half]++;
  }
  const single = found <= 1 && majorSpeakers(truth.turns) >= 2;
  if (single) singleLabel++;
  if (truth.metrics.der) {
    add(pooled.all, der);
    add(pooled.half[half], der);
    if (pieces.length) add(pooled.withSpeech, der);
  }
  console.log(
    `${half} ${name.padEnd(20)} ${pct(der.der).padStart(6)} ${pct(der.miss / der.total).padStart(6)} ${pct(
      der.falseAlarm / der.total,
    ).padStart(5)} ${pct(der.confusion / der.total).padStart(5)} | ${String(found).padStart(5)}/${truth.refSpeakers}${
      single ? ' ONE-LABEL' : ''
    } | ${blocks.length}${pieces.length ? '' : ' (no speech found)'}`,
  );
}
console.log(`\nDER ${line(pooled.all)}`);
console.log(`DER over the files where speech was found: ${line(pooled.withSpeech)}`);
console.log(`half A (EN2001, EN2003: settings chosen here): ${line(pooled.half.A)}`);
console.log(`half B (EN2004-EN2009: held out): ${line(pooled.half.B)}`);
console.log(
  `speaker count within one of the truth: ${countOk.A + countOk.B}/${countScored.A + countScored.B} files (A ${countOk.A}/${countScored.A}, B ${countOk.B}/${countScored.B})`,
);
console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
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
