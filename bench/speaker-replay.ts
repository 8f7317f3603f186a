/**
 * The speaker stage replayed on a saved run (prints figures; not a test). `npm run meetings -- --save-speaker-input DIR`
 * keeps, per recording, what the speaker stage was given (speaker blocks, recognised segments,
 * the segmentation's tracks); this re-runs only `diarize()` and the text split on them and scores as
 * `npm run meetings` does, in a few seconds instead of minutes: for trying speaker settings.
 *
 *   node bench/speaker-replay.ts DIR [--options JSON] [--no-voice-edges] [--second-voice JSON]
 * --no-voice-edges: the segments keep their pieces' edges (docs/decisions/023).
 * --second-voice: which words of the overlap pieces are kept (second-voices.ts), on a run saved
 * with every overlap piece's words (`--pipeline '{"overlapSpeech":{"keepAll":true}}'`; decision 024).
 * WER without fillers is printed too (the segments' words in the order shown).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { labelSegments } from '../packages/server/src/audio/pipeline/pipeline.ts';
import { type DiarizeOptions, diarize } from '../packages/server/src/audio/speakers/diarize.ts';
import { keepSecondVoiceWords, type SecondVoiceOptions } from '../packages/server/src/audio/speakers/second-voices.ts';
import { majorSpeakers, meetingsDir, readTruth, tuningHalf } from './meeting-data.ts';
import { type DerResult, diarizationErrorRate } from './scoring/der.ts';
import { corpusWordErrorRate, withoutFillers } from './scoring/wer.ts';
import { wordAttribution } from './scoring/word-attribution.ts';
import { loadSpeakerInput } from './speaker-input.ts';

const argv = process.argv.slice(2);
const optionAt = argv.indexOf('--options');
const options = optionAt >= 0 ? (JSON.parse(argv[optionAt + 1]!) as DiarizeOptions) : {};
const secondAt = argv.indexOf('--second-voice');
const second = secondAt >= 0 ? (JSON.parse(argv[secondAt + 1]!) as SecondVoiceOptions) : undefined;
const values = new Set([optionAt, secondAt].filter((i) => i >= 0).map((i) => i + 1));
const saved = argv.find((a, i) => !a.startsWith('--') && !values.has(i));
if (!saved) throw new Error('usage: node bench/speaker-replay.ts DIR [--options JSON]');
const dir = meetingsDir(argv.find((a) => a.startsWith('--meetings='))?.slice('--meetings='.length));
const verbose = argv.includes('--verbose');
const voiceEdges = !argv.includes('--no-voice-edges');
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const newHalf = () => ({
  ders: [] as DerResult[],
  wer: [] as Array<{ reference: string; hypothesis: string }>,
  matched: 0,
  attributed: 0,
  scored: 0,
  countOk: 0,
  single: 0,
});
const halves = { A: newHalf(), B: newHalf() };
const t0 = performance.now();
for (const file of readdirSync(saved)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const name = file.slice(0, -'.json'.length);
  const truth = readTruth(dir, name);
  const input = loadSpeakerInput(join(saved, file));
  if (second) keepSecondVoiceWords(input.segments, second);
  const r = diarize(input.blocks, input.segments, options, input.tracks);
  const segments = labelSegments(input.segments, r.parts, voiceEdges ? input.tracks : undefined, r.speakerOfTrack).map(
    (s) => ({ speaker: s.speaker, text: s.text, startTime: s.start, endTime: s.end }),
  );
  const der = diarizationErrorRate(
    truth.turns,
    segments.map((s) => ({ speaker: s.speaker, start: s.startTime, end: s.endTime })),
    { collar: 0.25 },
  );
  const h = halves[tuningHalf(name)];
  const found = new Set(segments.map((s) => s.speaker)).size;
  const single = found <= 1 && majorSpeakers(truth.turns) >= 2;
  if (truth.metrics.der) h.ders.push(der);
  const words = truth.metrics.wer ? wordAttribution(truth.words, segments, der.mapping) : undefined;
  if (truth.metrics.wer)
    h.wer.push({
      reference: withoutFillers(truth.text),
      hypothesis: withoutFillers(segments.map((s) => s.text).join(' ')),
    });
  if (words) {
    h.matched += words.matched;
    h.attributed += words.attributed;
  }
  if (truth.metrics.speakers) {
    h.scored++;
    if (Math.abs(found - truth.refSpeakers) <= 1) h.countOk++;
  }
  if (single) h.single++;
  if (verbose)
    console.log(
      `${tuningHalf(name)} ${name.padEnd(20)} DER ${pct(der.der).padStart(6)} miss ${pct(der.miss / der.total).padStart(5)} conf ${pct(der.confusion / der.total).padStart(5)} | words ${words ? `${words.attributed}/${words.matched}` : '-'} | ${found}/${truth.refSpeakers}${single ? ' ONE-LABEL' : ''}`,
    );
}
const line = (hs: Array<ReturnType<typeof newHalf>>) => {
  const ders = hs.flatMap((h) => h.ders);
  const t = ders.reduce((a, d) => a + d.total, 0);
  const s = (k: 'miss' | 'falseAlarm' | 'confusion') => ders.reduce((a, d) => a + d[k], 0) / t;
  const sum = (k: 'matched' | 'attributed' | 'scored' | 'countOk' | 'single') => hs.reduce((a, h) => a + h[k], 0);
  return `DER ${pct(s('miss') + s('falseAlarm') + s('confusion'))} (${pct(s('miss'))} / ${pct(s('falseAlarm'))} / ${pct(
    s('confusion'),
  )}), WER nf ${pct(corpusWordErrorRate(hs.flatMap((h) => h.wer)).wer)}, words under the right speaker ${pct(sum('attributed') / sum('matched'))}, count within one ${sum('countOk')}/${sum(
    'scored',
  )}, single-label ${sum('single')}`;
};
console.log(`A: ${line([halves.A])}`);
console.log(`B: ${line([halves.B])}`);
console.log(`pooled: ${line([halves.A, halves.B])} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
