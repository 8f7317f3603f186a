/**
 * Calls through the API (prints figures; not a test): two-channel files with one party per side made
 * from the AMI meetings (shared/data/ami-audio, each with its truth) and the clean speech of
 * pocketsphinx-testdata and codec2-examples, uploaded as a user does, against each side uploaded
 * alone. Per side: WER of the words under that side's labels vs the side alone (target: within
 * 1.25× + 2 points); labels holding words of both sides (target: none); labels on a one-voice side
 * (target: one). A side's words are told by the reference they match (the sides' texts differ).
 *
 *   npm run calls -w @parley/bench [-- --tiny] [--bleed DB]
 * --bleed: the right side heard on the left this many dB down (a microphone hearing the call's far
 * side from a loudspeaker); default -26.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MOONSHINE_MODEL } from '../packages/server/src/config.ts';
import {
  CODEC2_WAV_DIR,
  fixtureFfmpeg,
  JFK_TEXT,
  jfkWavPath,
  POCKETSPHINX_DIR,
} from '../packages/server/test/fixtures/audio.ts';
import { meetingsDir, readTruth } from './meeting-data.ts';
import { corpusWordErrorRate, normalizeText } from './scoring/wer.ts';
import { apiTranscriber } from './through-api.ts';

const argv = process.argv.slice(2);
const size = argv.includes('--tiny')
  ? 'tiny'
  : ((process.env.MOONSHINE_MODEL as 'tiny' | 'base') ?? DEFAULT_MOONSHINE_MODEL);
const bleedAt = argv.indexOf('--bleed');
const bleedDb = bleedAt >= 0 ? Number(argv[bleedAt + 1]) : -26;
const ffmpeg = fixtureFfmpeg();
const dir = mkdtempSync(join(tmpdir(), 'parley-calls-'));
const ami = meetingsDir();

interface Side {
  name: string;
  path: string;
  reference: string;
  /** One person speaks on this side. */
  oneVoice: boolean;
}

/** Clips one after another with `gap` seconds of silence between them, as one 16 kHz mono WAV. */
function sequence(name: string, clips: Array<{ path: string; text: string }>, gap: number, oneVoice: boolean): Side {
  const out = join(dir, `${name}.wav`);
  const inputs = clips.flatMap((c) => ['-i', c.path]);
  const chain = clips
    .map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=${gap}[a${i}]`)
    .join(';');
  const concat = `${clips.map((_, i) => `[a${i}]`).join('')}concat=n=${clips.length}:v=0:a=1[out]`;
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    `${chain};${concat}`,
    '-map',
    '[out]',
    '-ac',
    '1',
    '-ar',
    '16000',
    out,
  ]);
  return { name, path: out, reference: clips.map((c) => c.text).join(' '), oneVoice };
}

function amiSide(file: string): Side {
  const truth = readTruth(ami, file);
  return { name: file, path: join(ami, `${file}.wav`), reference: truth.text, oneVoice: truth.refSpeakers === 1 };
}

const seconds = (path: string) =>
  Number(
    execFileSync(ffmpeg.replace(/ffmpeg$/, 'ffprobe'), [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path],
    ]).toString(),
  );

/**
 * left on the left channel, right on the right, the right also on the left `bleedDb` down; as long as
 * the longer (both padded: ffmpeg's join ends with its shorter input, which cut the reader's side of
 * reader | jfk to JFK's 11 s before 2026-12-07).
 */
function call(left: Side, right: Side, bleed: number): string {
  const out = join(dir, `${left.name}+${right.name}.wav`);
  const gain = 10 ** (bleed / 20);
  const length = Math.max(seconds(left.path), seconds(right.path)).toFixed(3);
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-i',
    left.path,
    '-i',
    right.path,
    '-filter_complex',
    `[0:a]aresample=16000,aformat=channel_layouts=mono[l0];[1:a]aresample=16000,aformat=channel_layouts=mono,asplit[r][rb];[rb]volume=${gain.toFixed(5)}[b];[l0][b]amix=inputs=2:duration=longest:normalize=0,apad=whole_dur=${length}[l];[r]apad=whole_dur=${length}[rp];[l][rp]join=inputs=2:channel_layout=stereo[out]`,
    '-map',
    '[out]',
    '-ar',
    '16000',
    out,
  ]);
  return out;
}

const sphinx = readFileSync(join(POCKETSPHINX_DIR, 'librivox', 'transcription'), 'utf8')
  .split('\n')
  .flatMap((line) => {
    const m = /^<s> (.*) <\/s> \((.+)\)$/.exec(line.trim());
    return m ? [{ path: join(POCKETSPHINX_DIR, 'librivox', `${m[2]}.wav`), text: m[1]! }] : [];
  });
const reader = sequence('librivox-reader', sphinx, 1.5, true);
const jfk = sequence('jfk', [{ path: jfkWavPath(), text: JFK_TEXT }], 0, true);
const harvard = sequence(
  'harvard',
  [
    { path: join(CODEC2_WAV_DIR, 'mmt1.wav'), text: "it's easy to tell the depth of a well" },
    { path: join(CODEC2_WAV_DIR, 'hts2a.wav'), text: 'these days a chicken leg is a rare dish' },
  ],
  1,
  false,
);
const cases: Array<[Side, Side]> = [
  [reader, amiSide('ami-trn00-EN2001a')],
  [jfk, amiSide('ami-trn05-EN2004a')],
  [amiSide('ami-trn01-EN2001b'), amiSide('ami-trn04-EN2003a')],
  [reader, jfk],
  [harvard, amiSide('ami-trn06-EN2005a')],
];

console.log(`# Parley calls through the API — ${new Date().toISOString()}`);
console.log(
  `moonshine-${size}, ${cpus().length} cores, bleed of the right side on the left ${bleedDb} dB, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const api = await apiTranscriber({ MOONSHINE_MODEL: size });
const words = (segments: Array<{ text: string }>) => segments.map((s) => s.text).join(' ');
const vocabulary = (text: string) => new Set(normalizeText(text));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
let failures = 0;
try {
  const alone = new Map<string, number>();
  for (const side of new Set(cases.flat())) {
    const r = await api.transcribe(side.path);
    alone.set(side.name, corpusWordErrorRate([{ reference: side.reference, hypothesis: words(r.segments) }]).wer);
  }
  console.log(
    '\ncall (left | right)                          side  alone   call  target | labels (one voice: 1) | mixed labels',
  );
  for (const [left, right] of cases) {
    const r = await api.transcribe(call(left, right, bleedDb));
    const vocab = [vocabulary(left.reference), vocabulary(right.reference)];
    // each segment's side: the reference that holds more of its words
    const sideOf = (text: string) => {
      const w = normalizeText(text);
      const [l, rr] = vocab.map((v) => w.filter((x) => v.has(x)).length);
      return l! >= rr! ? 0 : 1;
    };
    const byLabel = new Map<string, [number, number]>();
    for (const s of r.segments) {
      const counts = byLabel.get(s.speaker) ?? [0, 0];
      counts[sideOf(s.text)] += normalizeText(s.text).length;
      byLabel.set(s.speaker, counts);
    }
    const labelSide = (label: string) => {
      const [l, rr] = byLabel.get(label)!;
      return l >= rr ? 0 : 1;
    };
    // a label holds both sides when the smaller share is over 10% of its words and at least 3 words
    const mixed = [...byLabel.entries()].filter(
      ([, [l, rr]]) => Math.min(l, rr) >= 3 && Math.min(l, rr) > 0.1 * (l + rr),
    ).length;
    [left, right].forEach((side, i) => {
      const mine = r.segments.filter((s) => labelSide(s.speaker) === i);
      const wer = corpusWordErrorRate([{ reference: side.reference, hypothesis: words(mine) }]).wer;
      const own = alone.get(side.name)!;
      const target = 1.25 * own + 0.02;
      const labels = new Set(mine.map((s) => s.speaker)).size;
      const ok = wer <= target && (!side.oneVoice || labels === 1) && mixed === 0;
      if (!ok) failures++;
      console.log(
        `${(i === 0 ? `${left.name} | ${right.name}` : '').padEnd(44)} ${i === 0 ? 'L' : 'R'}   ${pct(own).padStart(6)} ${pct(wer).padStart(6)} ${pct(target).padStart(6)} | ${String(labels).padStart(3)}${side.oneVoice ? ' (1)' : '    '}              | ${i === 0 ? mixed : ''} ${ok ? '' : '  MISSED'}`,
      );
    });
  }
} finally {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\n${failures === 0 ? 'every side met its targets' : `${failures} side(s) missed a target`}; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
