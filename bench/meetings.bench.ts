/**
 * Real-meeting benchmark (prints figures; not a test). Runs every recording of a folder of meetings
 * with `NAME.truth.json` beside `NAME.wav` (the format of shared/data/ami-audio, see its README)
 * through the server's own transcription function, and prints per-file and pooled WER (with and
 * without fillers), DER (0.25 s collar, overlap scored, one-to-one mapping), speakers found vs true,
 * the share of correctly recognised words shown under the right speaker, real-time factor and peak RSS.
 *
 *   npm run meetings -w @parley/bench [-- DIR] [--tiny] [--json out.json] [--no-segmentation]
 *     [--segmentation-pieces] [--pipeline JSON] [--save-speaker-input DIR] [--api]
 * --api: through the public API instead (through-api.ts: the real server, its worker, its defaults,
 * uploads, segments read back), as a user and the independent check get it; RTF then includes the
 * upload and polling, and peak RSS is the benchmark's, not the server's.
 * --no-segmentation: speakers from Silero's pieces and change detection only (the default before
 * docs/decisions/017); --segmentation-pieces: speech and overlap from the segmentation model too;
 * --pipeline: other TranscribeFileOptions as JSON, to compare settings.
 * DIR defaults to $MEETINGS_DIR, else shared/data/ami-audio beside the repository.
 * The model is the server's default (base) unless MOONSHINE_MODEL or --tiny says otherwise; ASR_THREADS as for
 * the server.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createTranscriber } from '../packages/server/src/audio/pipeline/transcriber.ts';
import { diarize } from '../packages/server/src/audio/speakers/diarize.ts';
import { DEFAULT_MOONSHINE_MODEL } from '../packages/server/src/config.ts';
import { majorSpeakers, meetingNames, meetingsDir, readTruth, tuningHalf } from './meeting-data.ts';
import { type DerResult, diarizationErrorRate } from './scoring/der.ts';
import { corpusWordErrorRate, withoutFillers } from './scoring/wer.ts';
import { wordAttribution } from './scoring/word-attribution.ts';
import { type SpeakerInput, saveSpeakerInput } from './speaker-input.ts';
import { apiTranscriber } from './through-api.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const positional = argv.filter(
  (a, i) => !a.startsWith('--') && !['--json', '--pipeline', '--save-speaker-input'].includes(argv[i - 1] ?? ''),
);

const dir = meetingsDir(positional[0]);
const size = flag('--tiny')
  ? 'tiny'
  : flag('--base')
    ? 'base'
    : ((process.env.MOONSHINE_MODEL as 'tiny' | 'base' | undefined) ?? DEFAULT_MOONSHINE_MODEL);
const threads = Number(process.env.ASR_THREADS ?? 1);
const names = meetingNames(dir);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(`# Parley real-meeting benchmark — ${new Date().toISOString()}`);
console.log(
  `${dir}: ${names.length} meetings; moonshine-${size}, ${cpus().length} cores, ASR threads ${threads}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const quiet = {
  info() {},
  warn(obj: object, msg?: string) {
    console.warn(msg, obj);
  },
};
// --save-speaker-input DIR: what the speaker stage was given, per file, for speaker-replay.ts
const saveDir = option('--save-speaker-input');
let current = '';
const notThroughApi = ['--no-segmentation', '--segmentation-pieces', '--pipeline', '--save-speaker-input'];
if (flag('--api') && notThroughApi.some(flag))
  throw new Error(`--api runs the server's defaults: ${notThroughApi.join(', ')} do not apply to it`);
const api = flag('--api') ? await apiTranscriber({ MOONSHINE_MODEL: size, ASR_THREADS: String(threads) }) : undefined;
const transcribe = api
  ? (path: string) => api.transcribe(path)
  : await createTranscriber(
      {
        engine: 'local',
        moonshineModel: size,
        modelsDir: resolve(import.meta.dirname, '../models'),
        threads,
        remote: undefined,
      },
      quiet,
      undefined,
      {
        ...(flag('--no-segmentation') && { speakerSegmentation: false }),
        ...(flag('--segmentation-pieces') && { speakerSegmentation: { pieces: 'segmentation' as const } }),
        ...(option('--pipeline') && (JSON.parse(option('--pipeline')!) as object)),
        ...(saveDir && {
          diarizer: (blocks, segments, options, tracks) => {
            saveSpeakerInput(join(saveDir, `${current}.json`), {
              blocks,
              segments: segments as SpeakerInput['segments'],
              tracks,
            });
            return diarize(blocks, segments, options, tracks);
          },
        }),
      },
    );

const werPairs: Array<{ reference: string; hypothesis: string }> = [];
const werPairsNoFill: Array<{ reference: string; hypothesis: string }> = [];
const ders: DerResult[] = [];
let audio = 0;
let wall = 0;
let countOk = 0;
let countScored = 0;
let singleLabelViolations = 0;
let wordsMatched = 0;
let wordsAttributed = 0;
const rows: object[] = [];
const newHalf = () => ({
  werNf: [] as Array<{ reference: string; hypothesis: string }>,
  ders: [] as DerResult[],
  matched: 0,
  attributed: 0,
  scored: 0,
  countOk: 0,
  single: 0,
});
const halves = { A: newHalf(), B: newHalf() };
console.log('\nfile                     dur   WER  WER-nf |   DER   miss    FA  conf | spk found/true | segs  RTF');
try {
  for (const name of names) {
    const truth = readTruth(dir, name);
    current = name;
    const t0 = performance.now();
    const r = await transcribe(join(dir, `${name}.wav`), { onProgress() {}, signal: new AbortController().signal });
    const seconds = (performance.now() - t0) / 1000;
    audio += r.durationSeconds;
    wall += seconds;
    const hypothesis = r.segments.map((s) => s.text).join(' ');
    const hypTurns = r.segments.map((s) => ({ speaker: s.speaker, start: s.startTime, end: s.endTime }));
    const der = diarizationErrorRate(truth.turns, hypTurns, { collar: 0.25 });
    let werText = '    -      -';
    let werNf = Number.NaN;
    let werAll = Number.NaN;
    if (truth.metrics.wer) {
      werPairs.push({ reference: truth.text, hypothesis });
      werPairsNoFill.push({ reference: withoutFillers(truth.text), hypothesis: withoutFillers(hypothesis) });
      werAll = corpusWordErrorRate([{ reference: truth.text, hypothesis }]).wer;
      werNf = corpusWordErrorRate([
        { reference: withoutFillers(truth.text), hypothesis: withoutFillers(hypothesis) },
      ]).wer;
      werText = `${pct(werAll).padStart(6)} ${pct(werNf).padStart(6)}`;
      const attribution = wordAttribution(truth.words, r.segments, der.mapping);
      wordsMatched += attribution.matched;
      wordsAttributed += attribution.attributed;
    }
    if (truth.metrics.der) ders.push(der);
    const found = new Set(r.segments.map((s) => s.speaker)).size;
    if (truth.metrics.speakers) {
      countScored++;
      if (Math.abs(found - truth.refSpeakers) <= 1) countOk++;
    }
    const single = found <= 1 && majorSpeakers(truth.turns) >= 2;
    if (single) singleLabelViolations++;
    console.log(
      `${name.padEnd(22)} ${truth.durationSec.toFixed(0).padStart(5)} ${werText} | ${pct(der.der).padStart(6)} ${pct(
        der.miss / der.total,
      ).padStart(
        6,
      )} ${pct(der.falseAlarm / der.total).padStart(5)} ${pct(der.confusion / der.total).padStart(5)} | ${String(
        found,
      ).padStart(5)}/${truth.refSpeakers}${single ? ' ONE-LABEL' : ''} | ${String(r.segments.length).padStart(4)} ${(
        seconds / r.durationSeconds
      ).toFixed(3)}`,
    );
    rows.push({ name, werAll, werNf, der, found, refSpeakers: truth.refSpeakers, seconds, segments: r.segments });
    const half = tuningHalf(name);
    const h = halves[half];
    if (truth.metrics.wer) {
      h.werNf.push({ reference: withoutFillers(truth.text), hypothesis: withoutFillers(hypothesis) });
      const attribution = wordAttribution(truth.words, r.segments, der.mapping);
      h.matched += attribution.matched;
      h.attributed += attribution.attributed;
    }
    if (truth.metrics.der) h.ders.push(der);
    if (truth.metrics.speakers) {
      h.scored++;
      if (Math.abs(found - truth.refSpeakers) <= 1) h.countOk++;
    }
    if (single) h.single++;
  }
} finally {
  await api?.close();
}

/** What issue 22 (speakers) must show on the 12 files of shared/data/ami-audio, pooled; single-label files: 0. */
const TARGETS = { der: 22, werNoFillers: 29, countWithinOne: 10, wordsUnderRightSpeaker: 88 };

const wer = corpusWordErrorRate(werPairs);
const werNf = corpusWordErrorRate(werPairsNoFill);
const sum = (k: 'total' | 'miss' | 'falseAlarm' | 'confusion') => ders.reduce((a, d) => a + d[k], 0);
const total = sum('total');
const pooledDer = (sum('miss') + sum('falseAlarm') + sum('confusion')) / total;
const peakMB = (process.resourceUsage().maxRSS * 1024) / 1e6;
console.log(`\n## Pooled (moonshine-${size}${api ? ', through the API' : ''})`);
console.log(
  `WER ${pct(wer.wer)} (${wer.errors}/${wer.words}); without fillers ${pct(werNf.wer)} (${werNf.errors}/${werNf.words}); target ≤ ${TARGETS.werNoFillers}% without fillers`,
);
console.log(
  `DER ${pct(pooledDer)} (miss ${pct(sum('miss') / total)}, false alarm ${pct(sum('falseAlarm') / total)}, confusion ${pct(sum('confusion') / total)}; ${total.toFixed(0)} s scored); target ≤ ${TARGETS.der}%`,
);
console.log(
  `speaker count within one of the truth: ${countOk}/${countScored} files (${pct(countOk / countScored)}); target ≥ ${TARGETS.countWithinOne} of 12 files`,
);
console.log(
  `words recognised right and shown under the right speaker (DER mapping): ${wordsAttributed}/${wordsMatched} (${pct(
    wordsAttributed / wordsMatched,
  )}); target ≥ ${TARGETS.wordsUnderRightSpeaker}%`,
);
console.log(`single label where ≥ 2 people each speak ≥ 15%: ${singleLabelViolations} files; target 0`);
console.log(
  `RTF ${(wall / audio).toFixed(3)} (${audio.toFixed(0)} s audio in ${wall.toFixed(1)} s, per-file model start-up excluded); peak RSS ${peakMB.toFixed(0)} MB`,
);
for (const [key, h] of Object.entries(halves)) {
  const t = h.ders.reduce((a, d) => a + d.total, 0);
  const e = h.ders.reduce((a, d) => a + d.miss + d.falseAlarm + d.confusion, 0);
  const w = corpusWordErrorRate(h.werNf);
  console.log(
    `half ${key} (${key === 'A' ? 'EN2001, EN2003: settings chosen here' : 'EN2004-EN2009: held out'}): DER ${pct(e / t)}, WER without fillers ${pct(
      w.wer,
    )}, count within one ${h.countOk}/${h.scored}, words under the right speaker ${pct(h.attributed / h.matched)}, single-label files ${h.single}`,
  );
}
const jsonOut = option('--json');
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ size, wer, werNf, pooledDer, countOk, rows }, null, 1));
