/**
 * Audio pipeline benchmark (prints figures; not a test). Run with Node 24 from the repo root:
 *   node bench/pipeline.bench.ts [--quick]
 * Figures: word error rate through the whole pipeline on the real-speech set (base, the default, and
 * tiny), real-time factor and peak RSS on a 1-hour recording (in a child process, the model of
 * MOONSHINE_MODEL, default base), speaker attribution on joined meetings of 3 and 4 speakers (count not given), and the
 * share of a one-voice recording on its main label.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { transcribeFile } from '../packages/server/src/audio/pipeline/pipeline.ts';
import { segmentationFor } from '../packages/server/src/audio/pipeline/transcriber.ts';
import { loadMoonshine, type MoonshineSize } from '../packages/server/src/audio/recognition/moonshine.ts';
import { DEFAULT_MOONSHINE_MODEL } from '../packages/server/src/config.ts';
import {
  dominantLabelShare,
  fixtureFfmpeg,
  fixtureTempDir,
  joinClips,
  makeMultiSpeakerMeeting,
  oneVoicePath,
  speakerAttribution,
  speechFixtures,
  type Turn,
} from '../packages/server/test/fixtures/audio.ts';
import { corpusWordErrorRate } from './scoring/wer.ts';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const dir = fixtureTempDir('parley-bench-');
const threads = Number(process.env.ASR_THREADS ?? 1);
const fmt = (x: number, d = 3) => x.toFixed(d);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

console.log(`# Parley audio pipeline benchmark — ${new Date().toISOString()}`);
console.log(`node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model}), ASR threads ${threads}`);

async function werFor(size: MoonshineSize) {
  const engine = await loadMoonshine({ size, threads });
  const fixtures = speechFixtures();
  const pairs = [];
  let audio = 0;
  let wall = 0;
  for (const f of fixtures) {
    const r = await transcribeFile(f.path, { engine, segmentation: segmentationFor(engine.name) });
    audio += r.durationSeconds;
    wall += r.timings.total;
    pairs.push({ id: f.id, reference: f.reference, hypothesis: r.segments.map((s) => s.text).join(' ') });
  }
  const { wer, errors, words } = corpusWordErrorRate(pairs);
  console.log(
    `\n## Word error rate, whole pipeline, moonshine-${size} (${fixtures.length} clips, ${fmt(audio, 1)} s, ${words} words)`,
  );
  for (const p of pairs) {
    const e = corpusWordErrorRate([p]);
    if (e.errors > 0) console.log(`  ${p.id}: ${e.errors} errors — ref "${p.reference}" / hyp "${p.hypothesis}"`);
  }
  console.log(`WER moonshine-${size}: ${pct(wer)} (${errors}/${words}); target ≤ 5%`);
  console.log(`(short clips, RTF incl. per-file start-up: ${fmt(wall / audio)})`);
  return wer;
}

await werFor('base');
await werFor('tiny');

console.log('\n## Speakers (count not given)');
const engine = await loadMoonshine({ size: DEFAULT_MOONSHINE_MODEL, threads });
for (const speakers of [3, 4] as const) {
  const m = makeMultiSpeakerMeeting({ speakers, dir });
  const r = await transcribeFile(m.path, { engine });
  console.log(
    `${speakers}-speaker joined meeting (${fmt(m.duration, 0)} s): found ${r.speakerCount} speakers, attribution ${pct(speakerAttribution(m.turns, r.segments))}; target ≥ 85%`,
  );
}
const one = await transcribeFile(oneVoicePath(), { engine });
console.log(
  `one voice, ve9qrp.wav (112 s): ${one.speakerCount} label(s), share on main label ${pct(dominantLabelShare(one.segments))}; target ≥ 90%`,
);
const oneLong = joinClips(
  [0, 1, 2].map(() => ({ speaker: 've9qrp', path: oneVoicePath() })),
  join(dir, 'one-voice-5min.wav'),
  1.0,
);
const oneL = await transcribeFile(oneLong.path, { engine });
console.log(
  `one voice, ve9qrp.wav ×3 (${fmt(oneLong.duration, 0)} s, same recording repeated): ${oneL.speakerCount} label(s), share ${pct(dominantLabelShare(oneL.segments))}`,
);

console.log(
  `\n## One-hour recording (real speech: the 4-speaker meeting looped, Opus in WebM), moonshine-${process.env.MOONSHINE_MODEL ?? DEFAULT_MOONSHINE_MODEL}`,
);
const hour = join(dir, 'hour.webm');
const hourSeconds = quick ? 600 : 3600;
const base4 = makeMultiSpeakerMeeting({ speakers: 4, dir });
const hourTurns: Turn[] = [];
for (let k = 0; k * base4.duration < hourSeconds; k++) {
  for (const t of base4.turns) {
    const start = t.start + k * base4.duration;
    if (start < hourSeconds)
      hourTurns.push({ speaker: t.speaker, start, end: Math.min(hourSeconds, t.end + k * base4.duration) });
  }
}
if (!existsSync(hour)) {
  const m = base4;
  const loops = Math.ceil(hourSeconds / m.duration);
  execFileSync(fixtureFfmpeg(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    String(loops - 1),
    '-i',
    m.path,
    '-t',
    String(quick ? 600 : 3600),
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    hour,
  ]);
}
// The V8 flag the server and the worker run with (package.json "start" and "worker"): without it the
// young generation grows to its default and the hour's peak RSS measured 593-656 MB instead of ~500 MB.
const child = execFileSync(
  process.execPath,
  ['--max-semi-space-size=4', join(import.meta.dirname, 'hour-child.ts'), hour, String(threads)],
  {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 26,
  },
);
const h = JSON.parse(child.trim().split('\n').at(-1)!) as {
  durationSeconds: number;
  wall: number;
  maxRssMB: number;
  segments: number;
  speakerCount: number;
  timings: Record<string, number>;
  labelled: Array<{ speaker: string; startTime: number; endTime: number }>;
};
console.log(
  `audio ${fmt(h.durationSeconds, 0)} s transcribed in ${fmt(h.wall, 1)} s wall: RTF ${fmt(h.wall / h.durationSeconds, 4)} (${fmt(h.durationSeconds / h.wall, 1)}× real time); target ≤ 0.05`,
);
console.log(
  `stages: probe ${fmt(h.timings.probe!, 1)} s, decode+VAD+recognition ${fmt(h.timings.transcribe!, 1)} s, speakers ${fmt(h.timings.diarize!, 2)} s`,
);
console.log(`peak RSS ${fmt(h.maxRssMB, 0)} MB; target ≤ 600 MB`);
console.log(
  `${h.segments} segments, ${h.speakerCount} speakers found (truth: 4), attribution ${pct(speakerAttribution(hourTurns, h.labelled))}`,
);
